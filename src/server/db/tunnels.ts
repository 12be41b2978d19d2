import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { filtersOf } from '../../contract/list-filters'
import type { Protocol } from '../../contract/tunnels'
import type { AnyDb } from './open'
import type { AnySelect, ListShape } from './records'

/**
 * Whether the tunnel aliased `t` (its device aliased `d`) is up: enabled, its device enabled, and
 * the device's agent linked to some process of the console.
 */
export const tunnelUp: RawBuilder<SqlBool> = sql<SqlBool>`(t.enabled = 1 and d.enabled = 1 and exists (select 1 from device_links l where l.device_id = t.device_id))`

/** How the tunnel list is searched, sorted and filtered. */
export const TUNNEL_LIST: ListShape = {
  search: ['t.name', 't.public_endpoint', 't.target_host', 'd.name'],
  sort: { name: 't.name', protocol: 't.protocol', local_port: 't.local_port', device: 'd.name', status: 'status', created_at: 't.created_at' },
  defaultSort: { sort: 'name', order: 'asc' },
  fields: filtersOf('tunnels'),
  filters: {
    device_id: { column: 't.device_id' },
    protocol: { column: 't.protocol' },
    // The status the record shows.
    status: {
      where: (eb, values) => (values.length > 1 ? eb.lit(true) : values[0] === 'up' ? tunnelUp : sql<SqlBool>`not ${tunnelUp}`),
    },
  },
}

/** The organization's tunnels with their device's name and their status, the table aliased `t`. */
export const tunnelsOf = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('tunnels as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .selectAll('t')
    .select(['d.name as device_name', sql<string>`case when ${tunnelUp} then 'up' else 'down' end`.as('status')])
    .where('t.organization_id', '=', organizationId)

/** Puts a tunnel's address in its row (the record derives it from the id and protocol; search reads the column). */
export async function setTunnelEndpoint(db: AnyDb, tunnelId: string, endpoint: string): Promise<void> {
  await db.updateTable('tunnels').set({ public_endpoint: endpoint }).where('id', '=', tunnelId).execute()
}

/** The tunnels to a device, with their versions. */
export function tunnelsToDevice(db: AnyDb, deviceId: string): Promise<{ id: string; version: number }[]> {
  return db.selectFrom('tunnels').select(['id', 'version']).where('device_id', '=', deviceId).execute()
}

/** What a device's agent may reach: each tunnel to the device, its target, and whether it is enabled. */
export async function tunnelTargetsOfDevice(db: AnyDb, deviceId: string): Promise<{ id: string; protocol: Protocol; host: string; port: number; enabled: boolean }[]> {
  const rows = await db
    .selectFrom('tunnels')
    .select(['id', 'protocol', 'target_host', 'local_port', 'enabled'])
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ id: row.id, protocol: row.protocol as Protocol, host: row.target_host, port: Number(row.local_port), enabled: Number(row.enabled) === 1 }))
}

/** A tunnel of an organization as its traffic needs it: the target, the device's state, whether its agent is linked. */
export interface TunnelOfOrganization {
  id: string
  organization_id: string
  name: string
  device_id: string
  protocol: Protocol
  target_host: string
  local_port: number
  enabled: boolean
  device_enabled: boolean
  device_status: string
  linked: boolean
}

/** The tunnel `tunnelId` when it is one of the organization's; undefined otherwise. */
export async function tunnelOfOrganization(db: AnyDb, organizationId: string, tunnelId: string): Promise<TunnelOfOrganization | undefined> {
  const row = await db
    .selectFrom('tunnels as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .select(['t.id', 't.organization_id', 't.name', 't.device_id', 't.protocol', 't.target_host', 't.local_port', 't.enabled', 'd.enabled as device_enabled', 'd.status as device_status'])
    .select(sql<number>`case when exists (select 1 from device_links l where l.device_id = t.device_id) then 1 else 0 end`.as('linked'))
    .where('t.organization_id', '=', organizationId)
    .where('t.id', '=', tunnelId)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    device_id: row.device_id,
    protocol: row.protocol as Protocol,
    target_host: row.target_host,
    local_port: Number(row.local_port),
    enabled: Number(row.enabled) === 1,
    device_enabled: Number(row.device_enabled) === 1,
    device_status: row.device_status,
    linked: Number(row.linked) === 1,
  }
}
