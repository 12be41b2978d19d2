import { sql } from 'kysely'
import { filtersOf } from '../../contract/list-filters'
import type { AnyDb } from './open'
import type { AnySelect, ListShape } from './records'

/** How the tunnel list is searched, sorted and filtered. */
export const TUNNEL_LIST: ListShape = {
  search: ['t.name', 't.public_endpoint', 'd.name'],
  sort: { name: 't.name', protocol: 't.protocol', local_port: 't.local_port', device: 'd.name', status: 'status', created_at: 't.created_at' },
  defaultSort: { sort: 'name', order: 'asc' },
  fields: filtersOf('tunnels'),
  filters: {
    device_id: { column: 't.device_id' },
    protocol: { column: 't.protocol' },
    // The status the record shows: up while enabled and its device online.
    status: {
      where: (eb, values) => {
        const up = eb.and([eb('t.enabled', '=', 1), eb('d.status', '=', 'online')])
        return values.length > 1 ? eb.lit(true) : values[0] === 'up' ? up : eb.not(up)
      },
    },
  },
}

/** The organization's tunnels with their device's name and their status, the table aliased `t`. */
export const tunnelsOf = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('tunnels as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .selectAll('t')
    .select(['d.name as device_name', sql<string>`case when t.enabled = 1 and d.status = 'online' then 'up' else 'down' end`.as('status')])
    .where('t.organization_id', '=', organizationId)

/** The tunnels to a device, with their versions. */
export function tunnelsToDevice(db: AnyDb, deviceId: string): Promise<{ id: string; version: number }[]> {
  return db.selectFrom('tunnels').select(['id', 'version']).where('device_id', '=', deviceId).execute()
}
