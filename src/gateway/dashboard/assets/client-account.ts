/** Client script, part 4: the account page, filled from GET /v2/account. */
export const clientAccount = String.raw`
  // Account --------------------------------------------------------------------------------------
  function fill(selector, text) { var el = document.querySelector(selector); if (el) el.textContent = text; }

  async function setUpAccount() {
    await requireSession();
    var r = await api('GET', '/v2/account');
    if (!r.ok) {
      if (r.problem.code === 'session_required') return toSignIn();
      return say(r.problem.detail || 'Could not load your account.', 'error');
    }
    var a = r.data;
    document.getElementById('account-loading').hidden = true;
    document.getElementById('account-details').hidden = false;
    fill('[data-account="email"]', a.email + (a.email_verified ? '' : ' (not verified)'));
    fill('[data-account="plan"]', a.plan === 'trial' ? 'Trial' : a.plan.charAt(0).toUpperCase() + a.plan.slice(1));
    fill('[data-account="created_at"]', dayFormat.format(new Date(a.created_at)));
    if (a.trial && a.plan === 'trial') {
      var t = a.trial;
      fill('[data-trial="days_left"]', String(t.days_left));
      fill('[data-trial="requests_left"]', t.requests_left.toLocaleString() + ' of ' + t.requests_included.toLocaleString());
      fill('[data-trial="ends_at"]', dateFormat.format(new Date(t.ends_at)));
      fill('[data-trial="requests_used"]', '(' + t.requests_used.toLocaleString() + ' of ' + t.requests_included.toLocaleString() + ')');
      var meter = document.getElementById('trial-meter');
      meter.max = t.requests_included;
      meter.value = t.requests_used;
      meter.textContent = t.requests_used + ' of ' + t.requests_included;
      document.getElementById('trial').hidden = false;
    }
  }
`
