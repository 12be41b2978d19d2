import { DeviceInput, type Device, type DeviceStatus } from '../../contract/devices'
import { checkPlanLimit } from '../billing/usage'
import { isUniqueViolation } from '../db/errors'
import { DEVICE_LIST, devicesOf, parseTags } from '../db/devices'
import { message } from '../messages'
import type { CollectionModule } from './engine'
import { tunnelsToDevice } from '../db/tunnels'

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
  right: 'devices',
  table: 'devices',
  list: DEVICE_LIST,
  exportColumns: ['id', 'name', 'serial', 'model', 'status', 'enabled', 'ip', 'firmware', 'location', 'tags', 'last_seen', 'enrolled_by', 'created_at', 'updated_at'],
  select: devicesOf,
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    serial: String(row.serial),
    model: String(row.model),
    status: String(row.status) as DeviceStatus,
    ip: String(row.ip),
    firmware: String(row.firmware),
    os: String(row.os ?? ''),
    location: String(row.location),
    tags: parseTags(row.tags),
    enabled: Number(row.enabled) !== 0,
    last_seen: row.last_seen === null ? null : String(row.last_seen),
    enrolled_by: row.enrolled_by == null ? null : String(row.enrolled_by),
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
    const rows = await tunnelsToDevice(ctx.db, current.id)
    return rows.map((row) => ({ collection: 'tunnels' as const, id: row.id, version: row.version + 1 }))
  },
  // A device disabled or deleted: its agent's link ends, in whichever process holds it.
  afterWrite: async (ctx, done) => {
    const id = (done.before ?? done.after)?.id
    if (id && (done.action === 'delete' || (done.before?.enabled && done.after?.enabled === false))) ctx.later(() => ctx.services.hub.disconnect(`device:${id}`))
  },
  duplicate: (error) => (isUniqueViolation(error, 'devices.serial') ? message('duplicateSerial') : undefined),
}
