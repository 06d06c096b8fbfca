/** Client script, part 1: the status region, calls to the API, and the session (its CSRF token). */
export const clientCore = String.raw`
  var statusEl = document.getElementById('status');
  var csrf = null;
  var session = null;
  var dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  var dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

  function say(message, kind, link) {
    statusEl.textContent = '';
    statusEl.className = 'status' + (kind ? ' is-' + kind : '');
    var text = document.createElement('span');
    text.textContent = message;
    statusEl.appendChild(text);
    if (link) {
      var a = document.createElement('a');
      a.href = link.href;
      a.textContent = link.text;
      statusEl.appendChild(document.createTextNode(' '));
      statusEl.appendChild(a);
    }
  }

  async function api(method, path, body) {
    var headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    var response;
    try {
      response = await fetch(path, {
        method: method, headers: headers, credentials: 'same-origin', cache: 'no-store',
        body: body === undefined ? undefined : JSON.stringify(body)
      });
    } catch (error) {
      return { ok: false, status: 0, problem: { code: 'network_error', detail: 'Could not reach Sallyport. Check your connection and try again.' } };
    }
    var data = null;
    if (/json/.test(response.headers.get('content-type') || '')) {
      try { data = await response.json(); } catch (error) { data = null; }
    }
    var result = { ok: response.ok, status: response.status, data: data, retryAfter: response.headers.get('retry-after') };
    if (!response.ok) {
      result.problem = data && typeof data.code === 'string' ? data
        : { code: 'http_' + response.status, detail: 'Something went wrong (HTTP ' + response.status + '). Try again.' };
    }
    return result;
  }

  function toSignIn() {
    location.replace('/dashboard/signin?next=' + encodeURIComponent(location.pathname));
    return new Promise(function () {});
  }

  /** Resolves with the session (and keeps its CSRF token) or sends the visitor to the sign-in page. */
  function requireSession() {
    if (session) return session;
    session = api('GET', '/v2/session').then(function (r) {
      if (r.ok) {
        csrf = r.data.csrf_token;
        var who = document.querySelector('[data-session-email]');
        if (who && r.data.account && r.data.account.email) {
          who.textContent = 'Signed in as ' + r.data.account.email;
          who.hidden = false;
        }
        return r.data;
      }
      if (r.status === 401 || r.status === 403) return toSignIn();
      say(r.problem.detail || 'Could not load your session.', 'error');
      throw new Error(r.problem.code);
    });
    return session;
  }
`
