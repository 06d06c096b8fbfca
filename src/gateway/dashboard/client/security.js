// @ts-check
/**
 * The account page's security parts: password and address changes, two-factor sign-in (setup, the
 * recovery codes shown once, turning it off), and deleting the account.
 */
import { api, byId, say } from './core.js'
import { onSuccess } from './forms.js'

/**
 * @typedef {{ enabled: boolean, recovery_codes_left: number }} TwoFactorState
 * @typedef {{ secret: string, otpauth_uri: string }} TwoFactorSetup
 */

/** @param {TwoFactorState} state */
function showState(state) {
  byId('totp-state').textContent = state.enabled
    ? `On. ${state.recovery_codes_left} recovery ${state.recovery_codes_left === 1 ? 'code' : 'codes'} left.`
    : 'Off. Signing in needs only your password.'
  byId('totp-begin').hidden = state.enabled
  byId('totp-disable').hidden = !state.enabled
}

async function loadState() {
  /** @type {import('./core.js').ApiResult<TwoFactorState>} */
  const r = await api('GET', '/v2/account/two-factor')
  if (r.ok) showState(r.data)
}

// Registered when the module loads, before any form can be sent.
{
  onSuccess['password-changed'] = (form) => {
    form.reset()
    say('Your password is changed. Every other session is signed out.', 'success')
  }
  onSuccess['email-change'] = (form, _data, body) => {
    form.reset()
    say(
      `A link is on its way to ${String(body?.['new_email'] ?? '')}. Your address changes once you open it.`,
      'success',
    )
  }
  onSuccess['totp-begin'] = (form, data) => {
    const setup = /** @type {TwoFactorSetup} */ (data)
    form.hidden = true
    byId('totp-secret').textContent = setup.secret.replace(/(.{4})/g, '$1 ').trim()
    byId('totp-uri', HTMLAnchorElement).href = setup.otpauth_uri
    const panel = byId('totp-setup')
    panel.hidden = false
    panel.focus()
  }
  onSuccess['totp-on'] = (form, data) => {
    const { recovery_codes: codes } = /** @type {{ recovery_codes: string[] }} */ (data)
    form.reset()
    byId('totp-setup').hidden = true
    const list = byId('recovery-codes')
    list.textContent = ''
    for (const code of codes) {
      const item = document.createElement('li')
      const text = document.createElement('code')
      text.textContent = code
      item.appendChild(text)
      list.appendChild(item)
    }
    const panel = byId('recovery')
    panel.hidden = false
    say('Two-factor sign-in is on. Keep your recovery codes now.', 'success')
    panel.focus()
    return loadState()
  }
  onSuccess['totp-off'] = (form) => {
    form.reset()
    byId('recovery').hidden = true
    say('Two-factor sign-in is off.', 'success')
    return loadState()
  }
  onSuccess['deleted'] = () => location.assign('/dashboard/signin?deleted=1')
  onSuccess['alerts-saved'] = (_form, data) => {
    const on = /** @type {{ usage_alerts: boolean }} */ (data).usage_alerts
    say(on ? 'Usage alerts are on.' : 'Usage alerts are off.', 'success')
  }
}

async function loadAlerts() {
  /** @type {import('./core.js').ApiResult<{ usage_alerts: boolean }>} */
  const r = await api('GET', '/v2/account/alerts')
  if (r.ok) byId('alerts-usage_alerts', HTMLInputElement).checked = r.data.usage_alerts
}

export function setUpSecurity() {
  return Promise.all([loadState(), loadAlerts()])
}
