/** Parsers of option values for the CLI: a bad value is named with the allowed ones. */
import { InvalidArgumentError } from 'commander'
import { ConfigError } from '../config/env-parsing.ts'
import { isRegion, regions, type Region } from '../shared/regions.ts'

/** Wraps a parser that throws ConfigError so commander reports the message as a bad option value. */
export function valueOf<T>(parse: (raw: string) => T): (raw: string) => T {
  return (raw) => {
    try {
      return parse(raw)
    } catch (error) {
      if (error instanceof ConfigError) throw new InvalidArgumentError(error.message)
      throw error
    }
  }
}

export function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65_535) {
    throw new ConfigError(`'${raw}' is not a port; a whole number from 0 to 65535`)
  }
  return Number(raw)
}

export function parseRegion(raw: string): Region {
  if (!isRegion(raw)) throw new ConfigError(`unknown region '${raw}'; one of ${regions.join(', ')}`)
  return raw
}
