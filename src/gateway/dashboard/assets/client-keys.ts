/**
 * Client script, part 3: the keys page. The list comes from GET /v2/keys and is built with DOM calls
 * (textContent only); a new key is shown once; revoking asks in a <dialog> first.
 */
export const clientKeys = String.raw`
  // Keys -----------------------------------------------------------------------------------------
  function time(iso, format) {
    var el = document.createElement('time');
    el.dateTime = iso;
    el.textContent = format.format(new Date(iso));
    return el;
  }

  function cell(tag, label, content) {
    var el = document.createElement(tag);
    if (tag === 'th') el.scope = 'row';
    if (label) el.setAttribute('data-label', label);
    if (typeof content === 'string') el.textContent = content; else el.appendChild(content);
    return el;
  }

  /** The API's display prefix already ends in an ellipsis; add one only if it does not. */
  function shown(prefix) { return /…$/.test(prefix) ? prefix : prefix + '…'; }

  function code(text) { var el = document.createElement('code'); el.textContent = text; return el; }

  function showNewKey(key) {
    var panel = document.getElementById('new-key');
    shownKeyId = key.id;
    document.getElementById('new-key-value').value = key.key;
    panel.querySelector('[data-new-key-name]').textContent = '“' + key.name + '”';
    document.getElementById('new-key-example').textContent =
      "export SALLYPORT_API_KEY='" + key.key + "'\n" +
      "curl -s -X POST '" + location.origin + "/v2/proxy/fetch?region=us-east' \\\n" +
      "  -H \"x-api-key: $SALLYPORT_API_KEY\" -H 'content-type: application/json' \\\n" +
      "  -d '{\"url\":\"https://example.com/\"}'";
    panel.hidden = false;
    say('Key “' + key.name + '” created. Copy it now: it will not be shown again.', 'success');
    panel.focus();
  }

  var pendingRevoke = null;
  var shownKeyId = null;
  var revokeOpener = null;

  function renderKeys(keys) {
    var table = document.getElementById('keys-table');
    var tbody = table.querySelector('tbody');
    document.getElementById('keys-loading').hidden = true;
    document.getElementById('keys-empty').hidden = keys.length > 0;
    table.hidden = keys.length === 0;
    tbody.textContent = '';
    keys.forEach(function (key) {
      var row = document.createElement('tr');
      row.setAttribute('data-key-id', key.id);
      row.appendChild(cell('th', '', key.name));
      row.appendChild(cell('td', 'Key', code(shown(key.prefix))));
      row.appendChild(cell('td', 'Scopes', key.scopes.join(', ')));
      row.appendChild(cell('td', 'Created', time(key.created_at, dateFormat)));
      row.appendChild(cell('td', 'Last used', key.last_used_at ? time(key.last_used_at, dateFormat) : 'Never'));
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'button secondary small';
      button.textContent = 'Revoke';
      var hiddenName = document.createElement('span');
      hiddenName.className = 'visually-hidden';
      hiddenName.textContent = ' key ' + key.name;
      button.appendChild(hiddenName);
      button.addEventListener('click', function () { openRevoke(key, button); });
      row.appendChild(cell('td', '', button));
      tbody.appendChild(row);
    });
  }

  async function loadKeys() {
    var r = await api('GET', '/v2/keys');
    if (r.ok) return renderKeys(r.data.keys);
    if (r.problem.code === 'session_required') return toSignIn();
    say(r.problem.detail || 'Could not load your keys.', 'error');
  }

  /** A revoked key is of no use to copy any more. */
  function hideNewKey() {
    shownKeyId = null;
    document.getElementById('new-key').hidden = true;
    document.getElementById('new-key-value').value = '';
    document.getElementById('new-key-example').textContent = '';
  }

  function openRevoke(key, opener) {
    var dialog = document.getElementById('revoke-dialog');
    pendingRevoke = key;
    revokeOpener = opener;
    dialog.querySelector('[data-revoke-name]').textContent = key.name;
    dialog.querySelector('[data-revoke-prefix]').textContent = shown(key.prefix);
    dialog.showModal();
  }

  function setUpKeys() {
    var dialog = document.getElementById('revoke-dialog');
    dialog.querySelector('[data-dialog-cancel]').addEventListener('click', function () { dialog.close(); });
    dialog.addEventListener('close', function () {
      if (revokeOpener && document.contains(revokeOpener)) revokeOpener.focus();
      revokeOpener = null;
    });
    dialog.querySelector('[data-dialog-confirm]').addEventListener('click', async function (event) {
      var button = event.currentTarget;
      var key = pendingRevoke;
      if (!key || button.disabled) return;
      button.disabled = true;
      try {
        await requireSession();
        var r = await api('DELETE', '/v2/keys/' + encodeURIComponent(key.id));
        revokeOpener = null;
        dialog.close();
        if (r.ok || r.problem.code === 'not_found') {
          if (key.id === shownKeyId) hideNewKey();
          say(r.ok ? 'Key “' + key.name + '” is revoked. It stops working on its next request.' : 'That key was already revoked.', 'success');
        } else if (r.problem.code === 'session_required') {
          return toSignIn();
        } else {
          say(r.problem.code === 'csrf_failed' ? 'Your session changed, perhaps in another tab. Reload the page and try again.' : (r.problem.detail || 'Could not revoke the key.'), 'error');
        }
        await loadKeys();
        document.getElementById('keys-title').focus();
      } finally {
        button.disabled = false;
      }
    });
    document.querySelectorAll('[data-copy]').forEach(function (button) {
      button.addEventListener('click', async function () {
        var field = document.getElementById(button.getAttribute('data-copy'));
        // Some browsers leave the clipboard promise pending while they ask for permission, so
        // give it a moment and otherwise leave the key selected for the keyboard.
        var refused = new Promise(function (_, reject) {
          setTimeout(function () { reject(new Error('clipboard timed out')); }, 1500);
        });
        try {
          if (!navigator.clipboard) throw new Error('no clipboard');
          await Promise.race([navigator.clipboard.writeText(field.value), refused]);
          say('Copied to the clipboard.', 'success');
        } catch (error) {
          field.focus();
          field.select();
          say('Press Ctrl+C (or Cmd+C) to copy the selected key.', '');
        }
      });
    });
    requireSession().then(loadKeys);
  }
`
