/**
 * The dashboard's one script. Plain JavaScript for current browsers, no framework, no build step. It
 * turns each <form data-api> into a JSON call to the API, puts a problem next to the field it is about
 * (aria-invalid, aria-describedby, focus) and says outcomes in the page's aria-live status region. All
 * text from the API goes into the page through textContent, never as markup.
 */
import { clientAccount } from './client-account.ts'
import { clientBilling } from './client-billing.ts'
import { clientCore } from './client-core.ts'
import { clientForms } from './client-forms.ts'
import { clientKeys } from './client-keys.ts'

// One function scope for all parts: they share state (the CSRF token) and call each other's functions.
export const dashboardJs = `(function () {
  'use strict';
${clientCore}${clientForms}${clientKeys}${clientAccount}${clientBilling}

  document.querySelectorAll('form[data-api]').forEach(enhance);
  var page = document.body.getAttribute('data-page');
  if (page === 'keys') setUpKeys();
  if (page === 'account') {
    setUpAccount();
    requireSession().then(setUpBilling);
  }
})();
`
