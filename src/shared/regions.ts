/** The whole fleet (SPEC 2.3), in the fixed order used for the default region and for failover (DESIGN 1). */
export const regions = ['us-east', 'us-west', 'europe'] as const

export type Region = (typeof regions)[number]

export const cloudRegion: Record<Region, string> = {
  'us-east': 'us-east-1',
  'us-west': 'us-west-2',
  europe: 'eu-west-1',
}

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (regions as readonly string[]).includes(value)
}
