/**
 * API keys: mint (name and scopes), the new key shown once, the list, and revoking with a confirmation
 * dialog. The list is filled by the client script from `GET /v2/keys`; the markup here is its frame.
 */
import { scopes, type Scope } from '../../keys/scopes.ts'
import { field, form } from '../forms.ts'
import { attrs, html } from '../html.ts'
import { renderPage } from '../layout.ts'
import type { DashboardPage } from './page.ts'

const scopeMeaning: Record<Scope, string> = {
  proxy: 'fetch URLs, list regions, fleet status',
  read: 'user-agent catalog and usage',
}

const scopeBoxes = html`<fieldset
  id="mint-scopes"
  class="field"
  aria-describedby="mint-scopes-hint"
  data-require-one="Choose at least one scope."
>
  <legend>Scopes</legend>
  <p class="hint" id="mint-scopes-hint">
    What the key may call. A call outside its scopes gets <code>missing_scope</code>.
  </p>
  <p class="field-error" id="mint-scopes-error" hidden></p>
  ${scopes.map(
    (scope) =>
      html`<div class="check">
        <input
          ${attrs({
            type: 'checkbox',
            id: `mint-scope-${scope}`,
            name: 'scopes',
            value: scope,
            checked: scope === 'proxy',
          })}
        />
        <label for="mint-scope-${scope}"><code>${scope}</code>: ${scopeMeaning[scope]}</label>
      </div>`,
  )}
</fieldset>`

const newKeyPanel = html`<section
  id="new-key"
  class="panel is-warning"
  aria-labelledby="new-key-title"
  tabindex="-1"
  hidden
>
  <h2 id="new-key-title">Your new key</h2>
  <p class="warning" id="new-key-warning">
    <strong>Copy it now: it will not be shown again.</strong> We keep only a digest of it. Keep it on your
    servers, out of browsers and repositories.
  </p>
  <label for="new-key-value">API key <span data-new-key-name></span></label>
  <div class="copy-row">
    <input
      id="new-key-value"
      type="text"
      readonly
      aria-describedby="new-key-warning"
      autocomplete="off"
      spellcheck="false"
    />
    <button type="button" class="button" data-copy="new-key-value">Copy</button>
  </div>
  <h3>Try it</h3>
  <pre
    class="example"
    tabindex="0"
    aria-label="Example request with curl"
  ><code id="new-key-example"></code></pre>
</section>`

const revokeDialog = html`<dialog
  id="revoke-dialog"
  aria-labelledby="revoke-title"
  aria-describedby="revoke-description"
>
  <h2 id="revoke-title">Revoke this key?</h2>
  <p id="revoke-description">
    The key <strong data-revoke-name></strong> (<code data-revoke-prefix></code>) stops working on its next
    request. Anything still using it gets <code>invalid_api_key</code>. This cannot be undone.
  </p>
  <div class="actions">
    <button type="button" class="button secondary" data-dialog-cancel>Cancel</button>
    <button type="button" class="button danger" data-dialog-confirm>Revoke key</button>
  </div>
</dialog>`

export const keysPage: DashboardPage = {
  path: '/dashboard/keys',
  signedIn: true,
  render: (_query, _settings, notice) =>
    renderPage({
      notice,
      title: 'API keys',
      page: 'keys',
      path: '/dashboard/keys',
      nav: 'signed-in',
      wide: true,
      body: html`<section class="card" aria-labelledby="mint-title">
          <h2 id="mint-title">Create a key</h2>
          ${form({
            id: 'mint',
            api: '/v2/keys',
            csrf: true,
            onSuccess: 'mint',
            submit: 'Create key',
            label: 'Create a key',
            body: html`${field('mint', {
              name: 'name',
              label: 'Name',
              type: 'text',
              autocomplete: 'off',
              inputmode: 'text',
              required: true,
              maxlength: 64,
              hint: 'Where the key is used, for example "billing-worker prod".',
              requiredMessage: 'Give the key a name.',
            })}${scopeBoxes}`,
          })}
        </section>
        ${newKeyPanel}
        <section aria-labelledby="keys-title">
          <h2 id="keys-title" tabindex="-1">Your keys</h2>
          <div class="check toggle">
            <input type="checkbox" id="show-revoked" aria-controls="keys-table" />
            <label for="show-revoked">Show revoked keys</label>
          </div>
          <p id="keys-loading" class="muted">Loading your keys…</p>
          <p id="keys-empty" class="muted" hidden>You have no active keys. Create one above.</p>
          <table id="keys-table" class="keys" hidden>
            <caption class="visually-hidden">
              Your API keys
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col" id="revoked-col" hidden>Revoked</th>
                <th scope="col"><span class="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody></tbody>
          </table>
        </section>
        ${revokeDialog}`,
    }),
}
