import { filtersOf } from '../../contract/list-filters'
import { DeviceInput, type Device, type DeviceStatus } from '../../contract/devices'
import { checkPlanLimit } from '../billing/usage'
import { isUniqueViolation } from '../db/errors'
import { containsText } from '../db/list'
import { message } from '../messages'
import type { CollectionModule } from './engine'
import { holdsAny } from './list-query'
import { bool, orNull, record, ref, str, time } from '../openapi/shapes'

/** A device's tags from their JSON column; anything unreadable is no tag. */
export const parseTags = (json: unknown): string[] => {
  try {
    const list: unknown = JSON.parse(String(json))
    return Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === 'string') : []
  } catch {
    return []
  }
}

/**
 * The columns a change of `enabled` writes: a device disabled goes offline at once (its heartbeats
 * are refused from now on, so nothing brings it back online); one enabled again stays offline until
 * its next heartbeat. Nothing when `current` already is as asked.
 */
export const enabledColumns = (enabled: boolean | undefined, current?: { enabled: boolean }): Record<string, unknown> => {
  if (enabled === undefined || (current && enabled === current.enabled)) return {}
  return enabled ? { enabled: 1 } : { enabled: 0, status: 'offline' }
}

/** Tags once each, in the order given: as JSON for the record, as words for search. */
export const tagColumns = (tags: readonly string[]) => {
  const unique = [...new Set(tags.map((tag) => tag.trim()))]
  return { tags: JSON.stringify(unique), tags_text: unique.join(' ') }
}

export const devices: CollectionModule<Device, DeviceInput> = {
  name: 'devices',
  docs: {
    noun: 'device',
    tag: 'Devices',
    description:
      'Devices of the organization. Status, IP, firmware and last seen come from the device\'s heartbeats; a create past the plan\'s device limit is 409. A device written with `enabled: false` is disabled: it goes offline and its heartbeats are refused (403) until it is enabled again; an update without `enabled` keeps what the device has.',
    record: record(DeviceInput, { enabled: bool, status: ref('DeviceStatus'), ip: str, firmware: str, last_seen: orNull(time) }),
    example: { name: 'Kiosk 7', serial: 'KS-0007', model: 'EG-200', location: 'Lobby', tags: ['lobby'] },
  },
  right: 'devices',
  table: 'devices',
  list: {
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
  },
  exportColumns: ['id', 'name', 'serial', 'model', 'status', 'enabled', 'ip', 'firmware', 'location', 'tags', 'last_seen', 'created_at', 'updated_at'],
  select: (db, organizationId) => db.selectFrom('devices as t').selectAll('t').where('t.organization_id', '=', organizationId),
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    serial: String(row.serial),
    model: String(row.model),
    status: String(row.status) as DeviceStatus,
    ip: String(row.ip),
    firmware: String(row.firmware),
    location: String(row.location),
    tags: parseTags(row.tags),
    enabled: Number(row.enabled) !== 0,
    last_seen: row.last_seen === null ? null : String(row.last_seen),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }),
  create: {
    schema: DeviceInput,
    row: async (input, ctx) => {
      await checkPlanLimit(ctx, 'devices')
      return {
        values: {
          name: input.name,
          serial: input.serial.trim(),
          model: input.model,
          location: input.location,
          ...tagColumns(input.tags),
          status: 'provisioning',
          ...(input.enabled === false ? { enabled: 0 } : {}),
        },
      }
    },
  },
  update: {
    schema: DeviceInput,
    row: async (input, _ctx, current) => ({
      name: input.name,
      serial: input.serial.trim(),
      model: input.model,
      location: input.location,
      ...tagColumns(input.tags),
      ...enabledColumns(input.enabled, current),
    }),
  },
  // Its tunnels go with a device: open consoles hear of each.
  cascade: async (ctx, current) => {
    const rows = await ctx.db.selectFrom('tunnels').select(['id', 'version']).where('device_id', '=', current.id).execute()
    return rows.map((row: { id: string; version: number }) => ({ collection: 'tunnels' as const, id: row.id, version: row.version + 1 }))
  },
  duplicate: (error) => (isUniqueViolation(error, 'devices.serial') ? message('duplicateSerial') : undefined),
}
