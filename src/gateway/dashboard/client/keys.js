// @ts-check
/**
 * The keys page. The list comes from GET /v2/keys and is built with DOM calls (textContent only); a new
 * key is shown once; revoking asks in a <dialog> first. Revoked keys (when and from where) are listed
 * greyed out behind the "show revoked keys" switch.
 */
import { api, byId, dayFormat, find, requireSession, say, sayProblem, time } from './core.js'
import { onSuccess } from './forms.js'

/**
 * @typedef {{ id: string, name: string, prefix: string, scopes: string[], created_at: string,
 *   last_used_at: string | null, revoked_at?: string | null, revoked_from?: string | null }} Key
 * @typedef {{ id: string, key: string, name: string }} NewKey
 */

/** @type {Key | null} */
let pendingRevoke = null
/** @type {string | null} */
let shownKeyId = null
/** @type {HTMLElement | null} */
let revokeOpener = null

/**
 * @param {'th' | 'td'} tag
 * @param {string} label
 * @param {string | Node} content
 */
function cell(tag, label, content) {
  const el = document.createElement(tag)
  if (el instanceof HTMLTableCellElement && tag === 'th') el.scope = 'row'
  if (label) el.setAttribute('data-label', label)
  if (typeof content === 'string') el.textContent = content
  else el.appendChild(content)
  return el
}

/**
 * The API's display prefix already ends in an ellipsis; add one only if it does not.
 * @param {string} prefix
 */
function shown(prefix) {
  return /…$/.test(prefix) ? prefix : prefix + '…'
}

/** @param {string} text */
function code(text) {
  const el = document.createElement('code')
  el.textContent = text
  return el
}

/** @type {Record<string, string>} */
const revokedFrom = {
  dashboard: 'from the dashboard',
  admin: 'by an administrator',
  account_deleted: 'with the account',
}

/** @param {NewKey} key */
function showNewKey(key) {
  const panel = byId('new-key')
  shownKeyId = key.id
  byId('new-key-value', HTMLInputElement).value = key.key
  find('[data-new-key-name]', panel).textContent = '“' + key.name + '”'
  byId('new-key-example').textContent =
    "export SALLYPORT_API_KEY='" +
    key.key +
    "'\n" +
    "curl -s -X POST '" +
    location.origin +
    "/v2/proxy/fetch?region=us-east' \\\n" +
    '  -H "x-api-key: $SALLYPORT_API_KEY" -H \'content-type: application/json\' \\\n' +
    '  -d \'{"url":"https://example.com/"}\''
  panel.hidden = false
  say('Key “' + key.name + '” created. Copy it now: it will not be shown again.', 'success')
  panel.focus()
}

/** @param {Key} key */
function revokeButton(key) {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'button secondary small'
  button.textContent = 'Revoke'
  const hiddenName = document.createElement('span')
  hiddenName.className = 'visually-hidden'
  hiddenName.textContent = ' key ' + key.name
  button.appendChild(hiddenName)
  button.addEventListener('click', () => openRevoke(key, button))
  return button
}

/** @param {Key} key */
function revokedCell(key) {
  if (!key.revoked_at) return cell('td', 'Revoked', '')
  const span = document.createElement('span')
  span.append('Revoked ', time(key.revoked_at, dayFormat))
  const from = key.revoked_from ? revokedFrom[key.revoked_from] : undefined
  if (from) span.append(' ' + from)
  return cell('td', 'Revoked', span)
}

/** @param {Key[]} keys */
function renderKeys(keys) {
  const table = byId('keys-table', HTMLTableElement)
  const tbody = find('tbody', table)
  const live = keys.filter((key) => !key.revoked_at)
  const withRevoked = byId('show-revoked', HTMLInputElement).checked
  const rows = withRevoked ? keys : live
  byId('keys-loading').hidden = true
  byId('keys-empty').hidden = live.length > 0
  table.hidden = rows.length === 0
  table.classList.toggle('with-revoked', withRevoked)
  byId('revoked-col').hidden = !withRevoked
  tbody.textContent = ''
  rows.forEach((key) => {
    const row = document.createElement('tr')
    row.setAttribute('data-key-id', key.id)
    if (key.revoked_at) row.className = 'is-revoked'
    row.appendChild(cell('th', '', key.name))
    row.appendChild(cell('td', 'Key', code(shown(key.prefix))))
    row.appendChild(cell('td', 'Scopes', key.scopes.join(', ')))
    row.appendChild(cell('td', 'Created', time(key.created_at, dayFormat)))
    // To the day: enough to find a forgotten key, no more about when it was used.
    row.appendChild(cell('td', 'Last used', key.last_used_at ? time(key.last_used_at, dayFormat) : 'Never'))
    if (withRevoked) row.appendChild(revokedCell(key))
    row.appendChild(cell('td', '', key.revoked_at ? '' : revokeButton(key)))
    tbody.appendChild(row)
  })
}

async function loadKeys() {
  const withRevoked = byId('show-revoked', HTMLInputElement).checked
  /** @type {import('./core.js').ApiResult<{ keys: Key[] }>} */
  const r = await api('GET', withRevoked ? '/v2/keys?revoked=include' : '/v2/keys')
  if (r.ok) return renderKeys(r.data.keys)
  return sayProblem(r.problem, 'Could not load your keys.')
}

/** A revoked key is of no use to copy any more. */
function hideNewKey() {
  shownKeyId = null
  byId('new-key').hidden = true
  byId('new-key-value', HTMLInputElement).value = ''
  byId('new-key-example').textContent = ''
}

/**
 * @param {Key} key
 * @param {HTMLElement} opener
 */
function openRevoke(key, opener) {
  const dialog = byId('revoke-dialog', HTMLDialogElement)
  pendingRevoke = key
  revokeOpener = opener
  find('[data-revoke-name]', dialog).textContent = key.name
  find('[data-revoke-prefix]', dialog).textContent = shown(key.prefix)
  dialog.showModal()
}

/**
 * @param {HTMLDialogElement} dialog
 * @param {HTMLButtonElement} button
 */
async function confirmRevoke(dialog, button) {
  const key = pendingRevoke
  if (!key || button.disabled) return
  button.disabled = true
  try {
    await requireSession()
    const r = await api('DELETE', '/v2/keys/' + encodeURIComponent(key.id))
    revokeOpener = null
    dialog.close()
    if (r.ok || r.problem.code === 'not_found') {
      if (key.id === shownKeyId) hideNewKey()
      say(
        r.ok
          ? 'Key “' + key.name + '” is revoked. It stops working on its next request.'
          : 'That key was already revoked.',
        'success',
      )
    } else {
      await sayProblem(r.problem, 'Could not revoke the key.')
    }
    await loadKeys()
    byId('keys-title').focus()
  } finally {
    button.disabled = false
  }
}

/** @param {HTMLButtonElement} button */
async function copyFrom(button) {
  const field = byId(button.getAttribute('data-copy') ?? '', HTMLInputElement)
  // Some browsers leave the clipboard promise pending while they ask for permission, so
  // give it a moment and otherwise leave the key selected for the keyboard.
  const refused = new Promise((_, reject) => {
    setTimeout(() => reject(new Error('clipboard timed out')), 1500)
  })
  try {
    if (!('clipboard' in navigator)) throw new Error('no clipboard')
    await Promise.race([navigator.clipboard.writeText(field.value), refused])
    say('Copied to the clipboard.', 'success')
  } catch {
    field.focus()
    field.select()
    say('Press Ctrl+C (or Cmd+C) to copy the selected key.', '')
  }
}

export function setUpKeys() {
  const dialog = byId('revoke-dialog', HTMLDialogElement)
  find('[data-dialog-cancel]', dialog).addEventListener('click', () => dialog.close())
  dialog.addEventListener('close', () => {
    if (revokeOpener && document.contains(revokeOpener)) revokeOpener.focus()
    revokeOpener = null
  })
  const confirm = find('[data-dialog-confirm]', dialog)
  if (confirm instanceof HTMLButtonElement) {
    confirm.addEventListener('click', () => void confirmRevoke(dialog, confirm))
  }
  document.querySelectorAll('button[data-copy]').forEach((button) => {
    if (button instanceof HTMLButtonElement) button.addEventListener('click', () => void copyFrom(button))
  })
  byId('show-revoked', HTMLInputElement).addEventListener('change', () => void loadKeys())
  onSuccess['mint'] = (form, data) => {
    showNewKey(/** @type {NewKey} */ (data))
    form.reset()
    return loadKeys()
  }
  return requireSession().then(loadKeys)
}
