import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { filtersOf } from '../../contract/list-filters'
import { PROTOCOLS, TunnelInput, type Protocol, type Tunnel } from '../../contract/tunnels'
import { checkPlanLimit } from '../billing/usage'
import { invalidInput } from '../http/body'
import type { CollectionModule, WriteContext } from './engine'
import { oneOf, record, str } from '../openapi/shapes'

/** Where tunnels are reached from outside; a real relay would own this name. */
export const TUNNEL_DOMAIN = 'tunnels.edgeline.example'

/** A fresh public endpoint: a host of its own for web protocols, a port on the relay for the rest. */
export function publicEndpoint(protocol: Protocol): string {
  const host = `t-${randomBytes(5).toString('hex')}.${TUNNEL_DOMAIN}`
  if (protocol === 'http' || protocol === 'https') return `${protocol}://${host}`
  return `${protocol}://${host}:${20000 + randomBytes(2).readUInt16BE() % 40000}`
}

/** The device must be one of the caller's organization; anything else reads as not there. */
async function checkDevice(ctx: WriteContext, deviceId: string) {
  const found = await ctx.db
    .selectFrom('devices')
    .select('id')
    .where('id', '=', deviceId)
    .where('organization_id', '=', ctx.principal.organizationId)
    .executeTakeFirst()
  if (!found) throw invalidInput({ device_id: 'fields.device' })
}

export const tunnels: CollectionModule<Tunnel, TunnelInput> = {
  name: 'tunnels',
  docs: {
    noun: 'tunnel',
    tag: 'Tunnels',
    description: 'Tunnels to a port of a device; the server assigns the public endpoint. Up only while enabled and its device online; a create past the plan\'s tunnel limit is 409.',
    record: record(TunnelInput, { device_name: str, public_endpoint: str, status: oneOf(['up', 'down']) }),
    example: { name: 'SSH', device_id: '<device id>', protocol: 'tcp', local_port: 22, enabled: true },
  },
  right: 'tunnels',
  table: 'tunnels',
  list: {
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
  },
  exportColumns: ['id', 'name', 'device_id', 'device_name', 'protocol', 'local_port', 'public_endpoint', 'enabled', 'status', 'created_at', 'updated_at'],
  select: (db, organizationId) =>
    db
      .selectFrom('tunnels as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .selectAll('t')
      .select(['d.name as device_name', sql<string>`case when t.enabled = 1 and d.status = 'online' then 'up' else 'down' end`.as('status')])
      .where('t.organization_id', '=', organizationId),
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    device_id: String(row.device_id),
    device_name: String(row.device_name),
    protocol: String(row.protocol) as Protocol,
    local_port: Number(row.local_port),
    public_endpoint: String(row.public_endpoint),
    enabled: Number(row.enabled) === 1,
    status: row.status === 'up' ? 'up' : 'down',
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }),
  create: {
    schema: TunnelInput,
    row: async (input, ctx) => {
      await checkDevice(ctx, input.device_id)
      await checkPlanLimit(ctx, 'tunnels')
      return {
        values: {
          name: input.name,
          device_id: input.device_id,
          protocol: input.protocol,
          local_port: input.local_port,
          enabled: input.enabled ? 1 : 0,
          public_endpoint: publicEndpoint(input.protocol),
        },
      }
    },
  },
  update: {
    schema: TunnelInput,
    row: async (input, ctx, current) => {
      if (input.device_id !== current.device_id) await checkDevice(ctx, input.device_id)
      return {
        name: input.name,
        device_id: input.device_id,
        protocol: input.protocol,
        local_port: input.local_port,
        enabled: input.enabled ? 1 : 0,
        // A new protocol needs an endpoint of its kind; otherwise the address users know stays.
        ...(input.protocol !== current.protocol ? { public_endpoint: publicEndpoint(input.protocol) } : {}),
      }
    },
  },
}
