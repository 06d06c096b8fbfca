/**
 * How `sallyport admin drain-node` reaches the nodes of a running `sallyport dev`: dev makes up its fleet
 * secret and starts its nodes on free ports, so it writes both to `<data dir>/dev-fleet.json` (readable
 * by this user only) while it runs and removes the file when it stops. The admin command reads it when
 * SALLYPORT_NODES is not set.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { NodeEndpoint } from '../config/gateway-config.ts'
import { isRegion } from '../shared/regions.ts'

export type DevFleet = { pid: number; fleetSecret: string; nodes: NodeEndpoint[] }

export function devFleetPath(dataDir: string): string {
  return join(dataDir, 'dev-fleet.json')
}

export async function writeDevFleet(dataDir: string, fleet: DevFleet): Promise<void> {
  await writeFile(devFleetPath(dataDir), JSON.stringify(fleet, null, 2) + '\n', { mode: 0o600 })
}

/** Removes the file if it is still this process's (a second dev on the same data dir may have replaced it). */
export async function removeDevFleet(dataDir: string, pid: number): Promise<void> {
  const fleet = await readDevFleet(dataDir)
  if (fleet?.pid === pid) await rm(devFleetPath(dataDir), { force: true })
}

export async function readDevFleet(dataDir: string): Promise<DevFleet | undefined> {
  let raw: string
  try {
    raw = await readFile(devFleetPath(dataDir), 'utf8')
  } catch {
    return undefined
  }
  const parsed = JSON.parse(raw) as Partial<DevFleet>
  if (
    typeof parsed.pid !== 'number' ||
    typeof parsed.fleetSecret !== 'string' ||
    !Array.isArray(parsed.nodes) ||
    !parsed.nodes.every((node) => isRegion(node.region) && typeof node.url === 'string')
  ) {
    return undefined
  }
  return { pid: parsed.pid, fleetSecret: parsed.fleetSecret, nodes: parsed.nodes }
}
