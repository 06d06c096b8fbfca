import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { catalogEntries } from './catalog-entries.ts'
import type { Browser, DeviceType, OperatingSystem, UserAgentEntry } from './user-agent.ts'

type Parsed = Omit<UserAgentEntry, 'id' | 'user_agent'>

/**
 * Reads the fields back out of a string, independently of what the entry declares. Only the exact shapes
 * today's browsers send are accepted: anything else (a typo, a doubled space, an unknown token) throws.
 */
function parse(ua: string): Parsed {
  const outer = /^Mozilla\/5\.0 \(([^()]+)\) (.+)$/.exec(ua)
  if (outer === null) throw new Error('not of the form Mozilla/5.0 (<platform>) <products>')
  let platform = outer[1]!
  const products = outer[2]!

  // Firefox puts its version into the platform: `(...; rv:157.0)`.
  let geckoVersion: string | undefined
  const rv = /^(.+); rv:(\d+\.\d+)$/.exec(platform)
  if (rv !== null) {
    platform = rv[1]!
    geckoVersion = rv[2]!
  }

  const chromium =
    /^AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/(\d+\.0\.0\.0) (Mobile )?Safari\/537\.36(?: (Edg|EdgA)\/(\d+\.0\.0\.0))?$/.exec(
      products,
    )
  const safari =
    /^AppleWebKit\/605\.1\.15 \(KHTML, like Gecko\) Version\/(\d+\.\d+)(?: (Mobile\/15E148) Safari\/604\.1| Safari\/605\.1\.15)$/.exec(
      products,
    )
  const gecko = /^Gecko\/(\d+(?:\.\d+)?) Firefox\/(\d+\.\d+)$/.exec(products)

  let browser: Browser
  let browserVersion: string
  let mobileToken: boolean
  if (chromium !== null) {
    assert.equal(geckoVersion, undefined, 'rv: in a Chromium string')
    mobileToken = chromium[2] !== undefined
    if (chromium[3] === undefined) {
      browser = 'chrome'
      browserVersion = chromium[1]!
    } else {
      browser = 'edge'
      browserVersion = chromium[4]!
      assert.equal(chromium[1], browserVersion, 'Edge reports the Chromium major it is built on')
      assert.equal(chromium[3] === 'EdgA', platform.includes('Android'), 'EdgA/ on Android, Edg/ elsewhere')
    }
  } else if (safari !== null) {
    assert.equal(geckoVersion, undefined, 'rv: in a Safari string')
    browser = 'safari'
    browserVersion = safari[1]!
    mobileToken = safari[2] !== undefined
  } else if (gecko !== null && geckoVersion !== undefined) {
    browser = 'firefox'
    browserVersion = gecko[2]!
    assert.equal(geckoVersion, browserVersion, 'rv: and Firefox/ carry the same version')
    const androidTrail = platform.startsWith('Android ')
    assert.equal(gecko[1], androidTrail ? browserVersion : '20100101', 'the Gecko/ trail')
    mobileToken = /; Mobile$/.test(platform)
  } else {
    throw new Error('products are not Chrome, Edge, Safari or Firefox')
  }

  const safariMajor = browser === 'safari' ? Number(browserVersion.split('.')[0]) : 0
  let os: OperatingSystem
  let osVersion: string | null = null
  let device: DeviceType = 'desktop'
  let match: RegExpExecArray | null
  if (platform === 'Windows NT 10.0; Win64; x64') {
    os = 'windows'
  } else if (platform === 'Macintosh; Intel Mac OS X 10_15_7' && browser !== 'firefox') {
    os = 'macos'
  } else if (platform === 'Macintosh; Intel Mac OS X 10.15' && browser === 'firefox') {
    os = 'macos'
  } else if (
    platform === 'X11; Linux x86_64' ||
    (platform === 'X11; Ubuntu; Linux x86_64' && browser === 'firefox')
  ) {
    os = 'linux'
  } else if (platform === 'Linux; Android 10; K' && (browser === 'chrome' || browser === 'edge')) {
    // Chromium's reduced string: Android version and model frozen; `Mobile` tells a phone from a tablet.
    os = 'android'
    device = mobileToken ? 'mobile' : 'tablet'
  } else if ((match = /^Android (\d+); (Mobile|Tablet)$/.exec(platform)) !== null && browser === 'firefox') {
    os = 'android'
    osVersion = match[1]!
    device = match[2] === 'Mobile' ? 'mobile' : 'tablet'
  } else if (
    (match = /^(iPhone; CPU iPhone|iPad; CPU) OS (\d+_\d+(?:_\d+)?) like Mac OS X$/.exec(platform)) !== null
  ) {
    assert.equal(browser, 'safari', 'only Safari entries use Apple mobile platforms')
    os = match[1]!.startsWith('iPhone') ? 'ios' : 'ipados'
    device = os === 'ios' ? 'mobile' : 'tablet'
    // Safari 26 froze the OS token at 18_6 / 18_7 (WebKit, "WebKit Features in Safari 26.0").
    if (safariMajor >= 26) assert.match(match[2]!, /^18_[67]$/, 'Safari 26+ sends a frozen OS token')
    else osVersion = match[2]!.replaceAll('_', '.')
  } else {
    throw new Error(`unknown platform for ${browser}: ${platform}`)
  }
  if (browser === 'safari') {
    assert.equal(
      mobileToken,
      os === 'ios' || os === 'ipados',
      'Mobile/15E148 Safari/604.1 on iPhone and iPad only',
    )
  } else if (os !== 'android') {
    assert.equal(mobileToken, false, 'no Mobile token on desktop')
  }
  return {
    browser,
    browser_version: browserVersion,
    os,
    os_version: osVersion,
    device_type: device,
  }
}

const majorOf = (version: string) => Number(version.split('.')[0])
const compareVersions = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)]
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

describe('the user-agent catalog', () => {
  it('holds between 25 and 40 entries with unique, slug-shaped ids', () => {
    assert.ok(catalogEntries.length >= 25 && catalogEntries.length <= 40, `${catalogEntries.length} entries`)
    const ids = catalogEntries.map((entry) => entry.id)
    assert.equal(new Set(ids).size, ids.length, 'duplicate id')
    for (const id of ids) assert.match(id, /^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  })

  it('names each entry after its browser, version and platform', () => {
    for (const entry of catalogEntries) {
      const version =
        entry.browser === 'safari'
          ? entry.browser_version.replace('.', '-')
          : String(majorOf(entry.browser_version))
      const prefix = `${entry.browser}-${version}-${entry.os}`
      assert.ok(
        entry.id === prefix || entry.id.startsWith(`${prefix}-`),
        `${entry.id} should start ${prefix}`,
      )
    }
  })

  it('has no duplicate strings', () => {
    const strings = catalogEntries.map((entry) => entry.user_agent)
    assert.equal(new Set(strings).size, strings.length)
  })

  it('every string reads back as the browser, version, OS and device its entry declares', () => {
    for (const { id, user_agent, ...declared } of catalogEntries) {
      let parsed: Parsed
      try {
        parsed = parse(user_agent)
      } catch (error) {
        assert.fail(`${id}: ${(error as Error).message}`)
      }
      assert.deepEqual(parsed, declared, id)
    }
  })

  it('every string is one line of printable ASCII without stray spaces', () => {
    for (const { id, user_agent } of catalogEntries) {
      assert.match(
        user_agent,
        /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/,
        `${id}: non-printable or edge space`,
      )
      assert.equal(user_agent, user_agent.trim(), id)
      assert.ok(!user_agent.includes('  '), `${id}: doubled space`)
    }
  })

  it('no string gives away automation', () => {
    for (const { id, user_agent } of catalogEntries) {
      assert.doesNotMatch(
        user_agent,
        /headless|electron|selenium|puppeteer|playwright|phantomjs|bot\b|spider|crawl/i,
        id,
      )
    }
  })

  it('says Mobile exactly on phones, for Chromium and Firefox on Android', () => {
    for (const entry of catalogEntries.filter((e) => e.os === 'android')) {
      assert.equal(/\bMobile\b/.test(entry.user_agent), entry.device_type === 'mobile', entry.id)
    }
  })

  it('says iPhone exactly for iOS and iPad exactly for iPadOS', () => {
    for (const entry of catalogEntries) {
      assert.equal(entry.user_agent.includes('iPhone'), entry.os === 'ios', entry.id)
      assert.equal(entry.user_agent.includes('iPad'), entry.os === 'ipados', entry.id)
    }
  })

  it('covers every browser on each platform it is commonly used on', () => {
    const typical: Record<Browser, readonly OperatingSystem[]> = {
      chrome: ['windows', 'macos', 'linux', 'android'],
      safari: ['macos', 'ios', 'ipados'],
      firefox: ['windows', 'macos', 'linux', 'android'],
      edge: ['windows', 'macos', 'android'],
    }
    for (const [browser, systems] of Object.entries(typical)) {
      for (const os of systems) {
        assert.ok(
          catalogEntries.some((entry) => entry.browser === browser && entry.os === os),
          `no ${browser} on ${os}`,
        )
      }
    }
    const devices = new Set(catalogEntries.map((entry) => entry.device_type))
    assert.deepEqual([...devices].sort(), ['desktop', 'mobile', 'tablet'])
  })

  it('keeps Chromium browsers within two adjacent majors, so a refresh leaves no stale strings', () => {
    const majors = catalogEntries
      .filter((entry) => entry.browser === 'chrome' || entry.browser === 'edge')
      .map((entry) => majorOf(entry.browser_version))
    assert.ok(
      Math.max(...majors) - Math.min(...majors) <= 1,
      `Chromium majors ${Math.min(...majors)}..${Math.max(...majors)}`,
    )
  })

  it('lists the newest release first on each platform, so limit=1 picks the newest', () => {
    const seen = new Map<string, string>()
    for (const entry of catalogEntries) {
      const group = `${entry.browser}/${entry.os}/${entry.device_type}`
      const previous = seen.get(group)
      if (previous !== undefined) {
        assert.ok(
          compareVersions(previous, entry.browser_version) >= 0,
          `${entry.id} is newer than an earlier ${group}`,
        )
      }
      seen.set(group, entry.browser_version)
    }
  })

  it('is frozen', () => {
    assert.ok(Object.isFrozen(catalogEntries))
    assert.ok(catalogEntries.every((entry) => Object.isFrozen(entry)))
  })
})
