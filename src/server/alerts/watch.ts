import type { AlertRule } from '../../contract/alerts'
import { parseTags } from '../db/devices'
import { devicesHolding, keysExpiring } from '../db/alerts/evaluate'
import type { Db } from '../db/open'

/** Rows claimed or changed per statement. */
export const CHUNK = 500

/** `list` in parts of CHUNK. */
export const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, index) => list.slice(index * CHUNK, (index + 1) * CHUNK))

/** A subject a state rule's condition holds for, and since when. */
export interface Holding {
  kind: 'device' | 'key'
  id: string
  name: string
  since: string
}

/** The readings a metric rule looks at, each missing (or null) where the beat did not carry it. */
export interface Readings {
  latency_ms?: number | null
  cpu?: number | null
  memory?: number | null
}

/** The column of a metric rule's reading. */
export const readingOf = (rule: AlertRule) => (rule.metric === 'latency' ? 'latency_ms' : rule.metric === 'cpu' ? 'cpu' : 'memory')

/** Whether the readings carry the one a metric rule looks at. */
export const carries = (rule: AlertRule, metrics: Readings) => typeof metrics[readingOf(rule)] === 'number'

/** Whether metrics are past a metric rule's threshold; a reading that is missing is past none. */
export const above = (rule: AlertRule, metrics: Readings) => carries(rule, metrics) && metrics[readingOf(rule)]! > (rule.threshold ?? Infinity)

/** Whether a rule watches a device: all of them, those with its tag, or the one it names. */
export const watches = (rule: AlertRule, device: { id: string; tags: string[] }) =>
  rule.target === 'all' || (rule.target === 'tag' ? rule.tag !== null && device.tags.includes(rule.tag) : rule.device_id === device.id)

/**
 * The devices of a rule's organization that are silent, or in error, and that it watches. A
 * disabled device is silent because an operator chose it: it raises nothing, and its open
 * alerts end.
 */
export async function devicesFor(db: Db, rule: AlertRule, organizationId: string, at: number): Promise<Holding[]> {
  const silentBefore = rule.condition === 'offline' ? new Date(at - rule.grace_s * 1000).toISOString() : undefined
  const rows = await devicesHolding(db, organizationId, rule.target === 'device' ? (rule.device_id ?? '') : undefined, silentBefore)
  return rows
    .map((row) => ({ id: row.id, name: row.name, tags: parseTags(row.tags), since: row.last_seen ?? new Date(at).toISOString() }))
    .filter((device) => watches(rule, device))
    .map((device) => ({ kind: 'device' as const, id: device.id, name: device.name, since: device.since }))
}

/** The organization's live keys that expire within the rule's days; `since` is the expiry. */
export async function keysFor(db: Db, rule: AlertRule, organizationId: string, at: number): Promise<Holding[]> {
  const rows = await keysExpiring(db, organizationId, new Date(at).toISOString(), new Date(at + (rule.days ?? 0) * 86400_000).toISOString())
  return rows.map((row) => ({ kind: 'key' as const, id: row.id, name: row.name, since: String(row.expires_at) }))
}
