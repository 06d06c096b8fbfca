// @ts-check
/**
 * The playground's request as code to copy: curl, TypeScript with the client library, Python with
 * `requests`. The key is always read from SALLYPORT_API_KEY; the page never holds one.
 */

/**
 * A POSIX shell word in single quotes.
 * @param {string} text
 */
function shellQuote(text) {
  return "'" + text.replace(/'/g, "'\\''") + "'"
}

/**
 * @param {string} origin
 * @param {string} url
 * @param {string} region
 */
export function curlSnippet(origin, url, region) {
  return [
    `curl -s -X POST ${shellQuote(`${origin}/v2/proxy/fetch?region=${encodeURIComponent(region)}`)} \\`,
    `  -H "x-api-key: $SALLYPORT_API_KEY" -H 'content-type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify({ url }))}`,
  ].join('\n')
}

/**
 * @param {string} url
 * @param {string} region
 */
export function typescriptSnippet(url, region) {
  return [
    "import { Sallyport } from 'sallyport/client'",
    '',
    'const sallyport = new Sallyport({ apiKey: process.env.SALLYPORT_API_KEY })',
    `const envelope = await sallyport.fetch({ url: ${JSON.stringify(url)}, region: ${JSON.stringify(region)} })`,
    'console.log(envelope.status, envelope.final_url)',
  ].join('\n')
}

/**
 * @param {string} origin
 * @param {string} url
 * @param {string} region
 */
export function pythonSnippet(origin, url, region) {
  return [
    'import os',
    '',
    'import requests',
    '',
    'response = requests.post(',
    `    ${JSON.stringify(origin + '/v2/proxy/fetch')},`,
    `    params={"region": ${JSON.stringify(region)}},`,
    '    headers={"x-api-key": os.environ["SALLYPORT_API_KEY"]},',
    `    json={"url": ${JSON.stringify(url)}},`,
    '    timeout=60,',
    ')',
    'response.raise_for_status()',
    'envelope = response.json()',
    'print(envelope["status"], envelope["final_url"])',
  ].join('\n')
}
