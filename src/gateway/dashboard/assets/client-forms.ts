/**
 * Client script, part 2: every <form data-api> sent as JSON, checked first, with a problem shown next to
 * the field it is about (aria-invalid, aria-describedby, focus) and the outcome in the status region.
 */
export const clientForms = String.raw`
  // Field errors ------------------------------------------------------------------------------
  function errorSlot(control) { return document.getElementById(control.id + '-error'); }

  function describedBy(control, errorId, on) {
    var ids = (control.getAttribute('aria-describedby') || '').split(' ').filter(function (id) { return id && id !== errorId; });
    if (on) ids.unshift(errorId);
    if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
    else control.removeAttribute('aria-describedby');
  }

  function showError(control, message) {
    var slot = errorSlot(control);
    if (!slot) return false;
    slot.textContent = message;
    slot.hidden = false;
    control.setAttribute('aria-invalid', 'true');
    describedBy(control, slot.id, true);
    return true;
  }

  function clearErrors(form) {
    form.querySelectorAll('[aria-invalid="true"]').forEach(function (control) {
      control.removeAttribute('aria-invalid');
      var slot = errorSlot(control);
      if (slot) { slot.hidden = true; slot.textContent = ''; describedBy(control, slot.id, false); }
    });
  }

  function focusTarget(control) {
    return control.tagName === 'FIELDSET' ? control.querySelector('input') : control;
  }

  function controlsOf(form) {
    return Array.prototype.filter.call(form.querySelectorAll('input[id], fieldset[id]'), function (control) {
      return control.type !== 'hidden' && control.type !== 'checkbox';
    });
  }

  function messageFor(control) {
    if (control.tagName === 'FIELDSET') {
      var rule = control.getAttribute('data-require-one');
      return rule && !control.querySelector('input:checked') ? rule : null;
    }
    var v = control.validity;
    if (v.valid) return null;
    if (v.valueMissing) return control.getAttribute('data-required-message') || control.validationMessage;
    if (v.typeMismatch && control.type === 'email') return 'Enter an e-mail address like name@example.com.';
    if (v.patternMismatch) return control.getAttribute('data-pattern-message') || control.validationMessage;
    if (v.tooShort) return 'Use at least ' + control.minLength + ' characters (this has ' + control.value.length + ').';
    if (v.tooLong) return 'Use at most ' + control.maxLength + ' characters.';
    return control.validationMessage;
  }

  /** Client-side checks first: most mistakes are caught without a round trip. */
  function validate(form) {
    var invalid = [];
    controlsOf(form).forEach(function (control) {
      var message = messageFor(control);
      if (message && showError(control, message)) invalid.push(control);
    });
    return invalid;
  }

  var fieldOfCode = { invalid_credentials: 'password', email_not_verified: 'email', invalid_token: 'token' };

  /** The control a problem is about: by its code, or by the field its detail names (invalid_request). */
  function controlFor(form, problem) {
    var controls = controlsOf(form);
    var byCode = fieldOfCode[problem.code];
    var named = function (name) {
      return controls.filter(function (c) { return (c.name || c.id.replace(/^[^-]+-/, '')) === name; })[0];
    };
    if (byCode) return named(byCode) || null;
    if (problem.code !== 'invalid_request' || !problem.detail) return null;
    var best = null, at = Infinity;
    controls.forEach(function (control) {
      var name = control.name || control.id.replace(/^[^-]+-/, '');
      var match = new RegExp('\\b' + name + '\\b').exec(problem.detail);
      if (match && match.index < at) { best = control; at = match.index; }
    });
    return best;
  }

  function handleProblem(form, r) {
    var p = r.problem;
    if (p.code === 'session_required') return toSignIn();
    if (p.code === 'csrf_failed') return say('Your session changed, perhaps in another tab. Reload the page and try again.', 'error');
    var detail = p.detail || p.title || 'Something went wrong.';
    if (r.retryAfter && (p.code === 'too_many_attempts' || p.code === 'rate_limited')) {
      detail += ' Try again in ' + r.retryAfter + ' seconds.';
    }
    var control = controlFor(form, p);
    var link = null;
    if (p.code === 'email_not_verified') {
      var email = form.elements.namedItem('email');
      link = { href: '/dashboard/check-email' + (email ? '?email=' + encodeURIComponent(email.value.trim()) : ''), text: 'Send a new verification link' };
    } else if (p.code === 'invalid_token') {
      link = form.id === 'reset' ? { href: '/dashboard/forgot-password', text: 'Ask for a new link' }
        : { href: '/dashboard/check-email', text: 'Have a new link sent' };
    }
    if (control && showError(control, detail)) focusTarget(control).focus();
    say(detail, 'error', link);
  }

  function collect(form) {
    var body = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled || el.tagName === 'BUTTON') return;
      if (el.type === 'checkbox') {
        body[el.name] = body[el.name] || [];
        if (el.checked) body[el.name].push(el.value);
      } else if (el.hasAttribute('data-empty-null') && el.value.trim() === '') {
        body[el.name] = null;
      } else {
        body[el.name] = el.type === 'password' ? el.value : el.value.trim();
      }
    });
    return body;
  }

  function enhance(form) {
    form.noValidate = true;
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      if (form.getAttribute('aria-busy') === 'true') return;
      clearErrors(form);
      var invalid = validate(form);
      if (invalid.length) {
        say(invalid.length === 1 ? 'Check the field marked below.' : 'Check the ' + invalid.length + ' fields marked below.', 'error');
        focusTarget(invalid[0]).focus();
        return;
      }
      var method = form.getAttribute('data-api-method') || 'POST';
      var body = method === 'DELETE' ? undefined : collect(form);
      form.setAttribute('aria-busy', 'true');
      try {
        if (form.hasAttribute('data-csrf')) await requireSession();
        var r = await api(method, form.getAttribute('data-api'), body);
        if (r.ok) await onSuccess[form.getAttribute('data-on-success')](form, r, body);
        else handleProblem(form, r);
      } finally {
        form.removeAttribute('aria-busy');
      }
    });
  }

  function reveal(form, panelId, message) {
    form.hidden = true;
    var panel = document.getElementById(panelId);
    panel.hidden = false;
    say(message, 'success');
    panel.focus();
  }

  function safeNext() {
    var next = new URLSearchParams(location.search).get('next') || '';
    return /^\/dashboard\/[a-z-]+$/.test(next) ? next : '/dashboard/keys';
  }

  var onSuccess = {
    signup: function (form, r, body) { location.assign('/dashboard/check-email?email=' + encodeURIComponent(body.email)); },
    resend: function (form) {
      form.elements.namedItem('password').value = '';
      say('If that address has an account waiting for verification, a new link is on its way. Opening it sets the password you entered.', 'success');
    },
    verify: function (form) { reveal(form, 'verified', 'Your e-mail address is verified. You can sign in now.'); },
    signin: function () { location.assign(safeNext()); },
    forgot: function () { say('If an account uses that address, a link to reset the password is on its way. It works once.', 'success'); },
    reset: function (form) { reveal(form, 'reset-done', 'Your password is changed. Sign in with the new one.'); },
    mint: function (form, r) { showNewKey(r.data); form.reset(); return loadKeys(); },
    signout: function () { location.assign('/dashboard/signin?signed_out=1'); },
    'signout-all': function () { location.assign('/dashboard/signin?signed_out=all'); },
    'spend-cap': function (form, r) { return capSaved(r.data.spend_cap); },
    'spend-cap-clear': function (form, r) { return capSaved(r.data.spend_cap); }
  };
`
