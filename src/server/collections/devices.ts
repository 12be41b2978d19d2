import { DEVICE_STATUSES, DeviceInput, type Device, type DeviceStatus } from '../../contract/devices'
import { message } from '../messages'
import type { CollectionModule } from './engine'

const parseTags = (json: unknown): string[] => {
  try {
    const list: unknown = JSON.parse(String(json))
    return Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === 'string') : []
  } catch {
    return []
  }
}

/** Tags once each, in the order given. */
const tagsJson = (tags: readonly string[]) => JSON.stringify([...new Set(tags.map((tag) => tag.trim()))])

export const devices: CollectionModule<Device, DeviceInput> = {
  name: 'devices',
  right: 'devices',
  table: 'devices',
  list: {
    search: ['t.name', 't.serial', 't.model', 't.location', 't.ip', 't.tags'],
    sort: { name: 't.name', serial: 't.serial', model: 't.model', status: 't.status', location: 't.location', last_seen: 't.last_seen', created_at: 't.created_at' },
    defaultSort: { sort: 'name', order: 'asc' },
    filters: { status: { column: 't.status', values: DEVICE_STATUSES }, model: { column: 't.model' } },
  },
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
    last_seen: row.last_seen === null ? null : String(row.last_seen),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }),
  create: {
    schema: DeviceInput,
    row: async (input) => ({
      values: { name: input.name, serial: input.serial.trim(), model: input.model, location: input.location, tags: tagsJson(input.tags), status: 'provisioning' },
    }),
  },
  update: {
    schema: DeviceInput,
    row: async (input) => ({ name: input.name, serial: input.serial.trim(), model: input.model, location: input.location, tags: tagsJson(input.tags) }),
  },
  duplicate: (error) => (/serial/.test(error.message) ? message('duplicate', { what: 'A device with this serial' }) : undefined),
}
