/**
 * The curated user-agent catalog (SPEC 4.4), as of 2026-11-22. Every string is written out in full, the
 * way the browser sends it, so a review sees exactly what callers will send; catalog-entries.test.ts
 * checks each one against its declared fields.
 *
 * Versions, and why:
 * - Chrome moved to a two-week stable cycle with 153 on 2026-09-08, so 157 is current and 156 the one
 *   before. Chromium's reduced User-Agent freezes the minor numbers (`157.0.0.0`), the desktop platform
 *   tokens, and Android to `Linux; Android 10; K`.
 * - Edge follows Chromium; 156 is used on every platform (`Edg/` on desktop, `EdgA/` on Android).
 * - Firefox 157 shipped 2026-11-10, 156 on 2026-10-13; 153 is the current ESR. Desktop sends
 *   `Gecko/20100101`; Android sends its real Android version and repeats the version after `Gecko/`.
 * - Safari 27 on macOS (the Mac platform token is frozen at `10_15_7`). On iPhone and iPad, Safari 26
 *   froze the OS token (26.0 sent `18_6`, 26.2 onward `18_7`), so those entries declare `os_version: null`;
 *   iOS 18 entries (devices that stayed on 18) still send their real version.
 *   Not here yet: Safari 27 on iPhone and iPad, whose frozen OS token is not confirmed.
 *
 * Refreshing: add the new strings at the top of their platform group (newest first), retire old ones,
 * never reuse an id for a different string.
 */
import type { UserAgentEntry } from './user-agent.ts'

const entries: UserAgentEntry[] = [
  // Chrome
  {
    id: 'chrome-157-windows',
    user_agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Safari/537.36',
    browser: 'chrome',
    browser_version: '157.0.0.0',
    os: 'windows',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'chrome-156-windows',
    user_agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    browser: 'chrome',
    browser_version: '156.0.0.0',
    os: 'windows',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'chrome-157-macos',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Safari/537.36',
    browser: 'chrome',
    browser_version: '157.0.0.0',
    os: 'macos',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'chrome-156-macos',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    browser: 'chrome',
    browser_version: '156.0.0.0',
    os: 'macos',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'chrome-157-linux',
    user_agent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Safari/537.36',
    browser: 'chrome',
    browser_version: '157.0.0.0',
    os: 'linux',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'chrome-156-linux',
    user_agent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    browser: 'chrome',
    browser_version: '156.0.0.0',
    os: 'linux',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'chrome-157-android-mobile',
    user_agent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Mobile Safari/537.36',
    browser: 'chrome',
    browser_version: '157.0.0.0',
    os: 'android',
    os_version: null,
    device_type: 'mobile',
  },
  {
    id: 'chrome-156-android-mobile',
    user_agent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    browser: 'chrome',
    browser_version: '156.0.0.0',
    os: 'android',
    os_version: null,
    device_type: 'mobile',
  },
  {
    id: 'chrome-157-android-tablet',
    user_agent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/157.0.0.0 Safari/537.36',
    browser: 'chrome',
    browser_version: '157.0.0.0',
    os: 'android',
    os_version: null,
    device_type: 'tablet',
  },

  // Safari
  {
    id: 'safari-27-0-macos',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.0 Safari/605.1.15',
    browser: 'safari',
    browser_version: '27.0',
    os: 'macos',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'safari-26-4-macos',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.4 Safari/605.1.15',
    browser: 'safari',
    browser_version: '26.4',
    os: 'macos',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'safari-26-3-ios',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.3 Mobile/15E148 Safari/604.1',
    browser: 'safari',
    browser_version: '26.3',
    os: 'ios',
    os_version: null,
    device_type: 'mobile',
  },
  {
    id: 'safari-18-7-ios',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.7 Mobile/15E148 Safari/604.1',
    browser: 'safari',
    browser_version: '18.7',
    os: 'ios',
    os_version: '18.7',
    device_type: 'mobile',
  },
  {
    id: 'safari-26-3-ipados',
    user_agent:
      'Mozilla/5.0 (iPad; CPU OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.3 Mobile/15E148 Safari/604.1',
    browser: 'safari',
    browser_version: '26.3',
    os: 'ipados',
    os_version: null,
    device_type: 'tablet',
  },
  {
    id: 'safari-18-7-ipados',
    user_agent:
      'Mozilla/5.0 (iPad; CPU OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.7 Mobile/15E148 Safari/604.1',
    browser: 'safari',
    browser_version: '18.7',
    os: 'ipados',
    os_version: '18.7',
    device_type: 'tablet',
  },

  // Edge
  {
    id: 'edge-156-windows',
    user_agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
    browser: 'edge',
    browser_version: '156.0.0.0',
    os: 'windows',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'edge-156-macos',
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0',
    browser: 'edge',
    browser_version: '156.0.0.0',
    os: 'macos',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'edge-156-android',
    user_agent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36 EdgA/156.0.0.0',
    browser: 'edge',
    browser_version: '156.0.0.0',
    os: 'android',
    os_version: null,
    device_type: 'mobile',
  },

  // Firefox
  {
    id: 'firefox-157-windows',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:157.0) Gecko/20100101 Firefox/157.0',
    browser: 'firefox',
    browser_version: '157.0',
    os: 'windows',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'firefox-156-windows',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:156.0) Gecko/20100101 Firefox/156.0',
    browser: 'firefox',
    browser_version: '156.0',
    os: 'windows',
    os_version: null,
    device_type: 'desktop',
  },
  {
    // The current ESR, common on managed Windows fleets.
    id: 'firefox-153-windows',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:153.0) Gecko/20100101 Firefox/153.0',
    browser: 'firefox',
    browser_version: '153.0',
    os: 'windows',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'firefox-157-macos',
    user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:157.0) Gecko/20100101 Firefox/157.0',
    browser: 'firefox',
    browser_version: '157.0',
    os: 'macos',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'firefox-156-macos',
    user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:156.0) Gecko/20100101 Firefox/156.0',
    browser: 'firefox',
    browser_version: '156.0',
    os: 'macos',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'firefox-157-linux',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:157.0) Gecko/20100101 Firefox/157.0',
    browser: 'firefox',
    browser_version: '157.0',
    os: 'linux',
    os_version: null,
    device_type: 'desktop',
  },
  {
    // Ubuntu's own build adds its name to the platform.
    id: 'firefox-157-linux-ubuntu',
    user_agent: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:157.0) Gecko/20100101 Firefox/157.0',
    browser: 'firefox',
    browser_version: '157.0',
    os: 'linux',
    os_version: null,
    device_type: 'desktop',
  },
  {
    // The current ESR, what Debian stable and many enterprise desktops ship.
    id: 'firefox-153-linux',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
    browser: 'firefox',
    browser_version: '153.0',
    os: 'linux',
    os_version: null,
    device_type: 'desktop',
  },
  {
    id: 'firefox-157-android-16',
    user_agent: 'Mozilla/5.0 (Android 16; Mobile; rv:157.0) Gecko/157.0 Firefox/157.0',
    browser: 'firefox',
    browser_version: '157.0',
    os: 'android',
    os_version: '16',
    device_type: 'mobile',
  },
  {
    id: 'firefox-157-android-15',
    user_agent: 'Mozilla/5.0 (Android 15; Mobile; rv:157.0) Gecko/157.0 Firefox/157.0',
    browser: 'firefox',
    browser_version: '157.0',
    os: 'android',
    os_version: '15',
    device_type: 'mobile',
  },
]

/** Frozen: the route hands these objects out as they are. */
export const catalogEntries: readonly UserAgentEntry[] = Object.freeze(
  entries.map((entry) => Object.freeze(entry)),
)
