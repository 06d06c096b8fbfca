/** The vocabulary of the user-agent catalog (SPEC 4.4): what an entry says a User-Agent string identifies as. */

export const browsers = ['chrome', 'safari', 'firefox', 'edge'] as const
export type Browser = (typeof browsers)[number]

export const operatingSystems = ['windows', 'macos', 'linux', 'android', 'ios', 'ipados'] as const
export type OperatingSystem = (typeof operatingSystems)[number]

export const deviceTypes = ['desktop', 'mobile', 'tablet'] as const
export type DeviceType = (typeof deviceTypes)[number]

export type UserAgentEntry = Readonly<{
  /** Always names this exact string: a catalog refresh adds new ids, it never points an old one elsewhere. */
  id: string
  user_agent: string
  browser: Browser
  /** As the browser token of the string spells it: `157.0.0.0` (Chromium's reduced form), `157.0`, `26.3`. */
  browser_version: string
  os: OperatingSystem
  /** Null when the string carries a frozen or no OS version (Windows NT 10.0, Mac OS X 10_15_7, Android 10; K). */
  os_version: string | null
  device_type: DeviceType
}>
