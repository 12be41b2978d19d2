import { randomBytes } from 'node:crypto'
import { TunnelInput, type Protocol, type Tunnel } from '../../contract/tunnels'
import { checkPlanLimit } from '../billing/usage'
import { isDeviceOf } from '../db/devices'
import { TUNNEL_LIST, tunnelsOf } from '../db/tunnels'
import { fieldMessage, message } from '../messages'
import { Problem } from '../problem'
import type { CollectionModule, WriteContext } from './engine'

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
  if (!(await isDeviceOf(ctx.db, ctx.principal.organizationId, deviceId))) throw new Problem('invalid', message('invalidInput'), { device_id: fieldMessage('fields.device') })
}

export const tunnels: CollectionModule<Tunnel, TunnelInput> = {
  name: 'tunnels',
  right: 'tunnels',
  table: 'tunnels',
  list: TUNNEL_LIST,
  exportColumns: ['id', 'name', 'device_id', 'device_name', 'protocol', 'local_port', 'public_endpoint', 'enabled', 'status', 'created_at', 'updated_at'],
  select: tunnelsOf,
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
