/**
 * Which Domain attributes a cookie may not name, because they are public suffixes: a cookie for `com` or
 * `co.uk` would reach every site below it. This is not the whole Public Suffix List (thousands of rules that
 * change every week): every single-label name (`com`, `test`, `localhost`), the second-level registries of
 * the common country codes, and a few large hosting platforms whose customers get sub-domains. A cookie
 * that names one of these is stored host-only when it is the host itself, else refused (RFC 6265bis 5.7).
 */
const multiLabelSuffixes = new Set([
  // country-code second-level registries
  ...['co', 'org', 'ac', 'gov', 'me', 'ltd', 'plc', 'net', 'sch', 'nhs', 'police'].map((l) => `${l}.uk`),
  ...['co', 'ne', 'or', 'ac', 'go', 'ad', 'ed', 'gr', 'lg'].map((l) => `${l}.jp`),
  ...['com', 'net', 'org', 'edu', 'gov', 'asn', 'id'].map((l) => `${l}.au`),
  ...['co', 'org', 'net', 'ac', 'govt', 'school', 'geek', 'gen', 'kiwi', 'maori'].map((l) => `${l}.nz`),
  ...['com', 'net', 'org', 'gov', 'edu'].flatMap((l) =>
    ['br', 'cn', 'mx', 'ar', 'tr', 'tw', 'hk', 'sg', 'my', 'pk', 'ph', 'ng', 'eg', 'sa', 'ua', 'co'].map(
      (cc) => `${l}.${cc}`,
    ),
  ),
  ...['co', 'or', 'ac', 'go', 're', 'ne'].map((l) => `${l}.kr`),
  ...['co', 'net', 'org', 'firm', 'gen', 'ind', 'ac', 'edu', 'gov', 'res'].map((l) => `${l}.in`),
  ...['co', 'org', 'net', 'ac', 'gov', 'web'].map((l) => `${l}.za`),
  ...['co', 'org', 'net', 'ac', 'gov', 'muni'].map((l) => `${l}.il`),
  ...['co', 'or', 'ac', 'go'].map((l) => `${l}.id`),
  ...['co', 'in', 'ac', 'or', 'go'].map((l) => `${l}.th`),
  ...['com', 'net', 'org', 'edu', 'gov', 'ac'].map((l) => `${l}.vn`),
  // hosting platforms that hand out sub-domains to unrelated customers
  'github.io',
  'gitlab.io',
  'herokuapp.com',
  'blogspot.com',
  'appspot.com',
  'cloudfront.net',
  'azurewebsites.net',
  'azurestaticapps.net',
  'web.app',
  'firebaseapp.com',
  'vercel.app',
  'netlify.app',
  'pages.dev',
  'workers.dev',
  'fly.dev',
  'onrender.com',
  'glitch.me',
  'repl.co',
  's3.amazonaws.com',
  'elasticbeanstalk.com',
])

/** `domain` is lower-case without a leading dot, as the Set-Cookie parser leaves it. */
export function isPublicSuffix(domain: string): boolean {
  return !domain.includes('.') || multiLabelSuffixes.has(domain)
}
