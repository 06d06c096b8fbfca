// @ts-check
/**
 * The dashboard's entry module: every <form data-api> becomes a JSON call, then the page named by
 * <body data-page> sets itself up.
 */
import { setUpAccount } from './account.js'
import { setUpBilling } from './billing.js'
import { requireSession } from './core.js'
import { enhance } from './forms.js'
import { setUpKeys } from './keys.js'
import { setUpPlayground } from './playground.js'
import { setUpSecurity } from './security.js'

document.querySelectorAll('form[data-api]:not([data-own-script])').forEach((form) => {
  if (form instanceof HTMLFormElement) enhance(form)
})

/** @type {Record<string, () => unknown>} */
const pages = {
  keys: setUpKeys,
  playground: setUpPlayground,
  account: () =>
    Promise.all([setUpAccount(), requireSession().then(setUpBilling), requireSession().then(setUpSecurity)]),
}

const page = pages[document.body.getAttribute('data-page') ?? '']
if (page) void page()
