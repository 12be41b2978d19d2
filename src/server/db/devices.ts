import { filtersOf } from '../../contract/list-filters'
import { containsText } from './list'
import type { AnyDb } from './open'
import { holdsAny, type AnySelect, type ListShape } from './records'

/** A device's tags from their JSON column; anything unreadable is no tag. */
export const parseTags = (json: unknown): string[] => {
  try {
    const list: unknown = JSON.parse(String(json))
    return Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === 'string') : []
  } catch {
    return []
  }
}

/** How the device list is searched, sorted and filtered. */
export const DEVICE_LIST: ListShape = {
  search: ['t.name', 't.serial', 't.model', 't.location', 't.ip', 't.tags_text'],
  sort: { name: 't.name', serial: 't.serial', model: 't.model', firmware: 't.firmware', status: 't.status', location: 't.location', last_seen: 't.last_seen', created_at: 't.created_at' },
  nullable: ['last_seen'],
  trigrams: { table: 'devices_search', rowid: 't.rowid', id: 't.id' },
  defaultSort: { sort: 'name', order: 'asc' },
  fields: filtersOf('devices'),
  filters: {
    status: { column: 't.status' },
    firmware: { column: 't.firmware' },
    model: { column: 't.model' },
    // Typed rather than picked, a location is matched whole whatever its case ('lobby' finds 'Lobby').
    location: { where: (eb, values) => eb.or([eb('t.location', 'in', values), eb(eb.fn('lower', ['t.location']), 'in', values.map((value) => value.toLowerCase()))]) },
    enabled: { where: (eb, values) => eb('t.enabled', 'in', values.map((value) => (value === 'true' ? 1 : 0))) },
    tag: { where: (_eb, tags, ctx) => holdsAny({ table: 'device_tags', record: 'device_id', item: 'tag' }, tags, ctx) },
    // An organization-wide search of names alone, beside the list's search of every column.
    name: { where: (eb, names) => eb.or(names.map((name) => containsText('t.name', name))) },
    // A device never seen was seen neither before nor after a time.
    last_seen_before: { where: (eb, [at]) => eb('t.last_seen', '<', at!) },
    last_seen_after: { where: (eb, [at]) => eb('t.last_seen', '>=', at!) },
  },
}

/** The organization's devices, the table aliased `t`. */
export const devicesOf = (db: AnyDb, organizationId: string): AnySelect => db.selectFrom('devices as t').selectAll('t').where('t.organization_id', '=', organizationId)

/** Whether `deviceId` is a device of the organization. */
export async function isDeviceOf(db: AnyDb, organizationId: string, deviceId: string): Promise<boolean> {
  const found = await db.selectFrom('devices').select('id').where('id', '=', deviceId).where('organization_id', '=', organizationId).executeTakeFirst()
  return found !== undefined
}

/** A device's row and those of its tunnels, as kept to bring them back. */
export async function deviceWithTunnels(db: AnyDb, organizationId: string, deviceId: string): Promise<{ row?: Record<string, unknown>; tunnels: Record<string, unknown>[] }> {
  const row = await db.selectFrom('devices').selectAll().where('id', '=', deviceId).where('organization_id', '=', organizationId).executeTakeFirst()
  if (!row) return { tunnels: [] }
  const tunnels = await db.selectFrom('tunnels').selectAll().where('device_id', '=', deviceId).where('organization_id', '=', organizationId).execute()
  return { row, tunnels }
}

/** Deletes a device still at `version`, its tunnels with it; false when another write took it first. */
export async function deleteDeviceAt(db: AnyDb, organizationId: string, deviceId: string, version: number): Promise<boolean> {
  const gone = await db.deleteFrom('devices').where('id', '=', deviceId).where('organization_id', '=', organizationId).where('version', '=', version).executeTakeFirst()
  return gone.numDeletedRows !== 0n
}

/** The device that holds `id`, or the organization's `serial`, if any. */
export const deviceHolding = (db: AnyDb, organizationId: string, id: string, serial: string): Promise<{ id: string } | undefined> =>
  db
    .selectFrom('devices')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', id), eb.and([eb('organization_id', '=', organizationId), eb('serial', '=', serial)])]))
    .executeTakeFirst()

/** Writes back a device's or a tunnel's row as it was kept, in the organization. */
export async function restoreRow(db: AnyDb, table: 'devices' | 'tunnels', row: Record<string, unknown>): Promise<void> {
  await db
    .insertInto(table)
    .values(row as never)
    .execute()
}
