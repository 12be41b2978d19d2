import { DEFAULT_TARGET_HOST, TunnelInput, tunnelPath, type Protocol, type Tunnel } from '../../contract/tunnels'
import { checkPlanLimit } from '../billing/usage'
import { isDeviceOf } from '../db/devices'
import { setTunnelEndpoint, TUNNEL_LIST, tunnelsOf } from '../db/tunnels'
import { fieldMessage, message } from '../messages'
import { Problem } from '../problem'
import type { CollectionModule, WriteContext } from './engine'

/** Where a tunnel is reached: `http`, its path under the console (`/t/<id>/`); `tcp`, `tcp:<id>` through the agent in client mode. */
export function tunnelEndpoint(tunnelId: string, protocol: Protocol): string {
  return protocol === 'http' ? tunnelPath(tunnelId) : `tcp:${tunnelId}`
}

/** The device must be one of the caller's organization; anything else reads as not there. */
async function checkDevice(ctx: WriteContext, deviceId: string) {
  if (!(await isDeviceOf(ctx.db, ctx.principal.organizationId, deviceId))) throw new Problem('invalid', message('invalidInput'), { device_id: fieldMessage('fields.device') })
}

const protocolOf = (value: unknown): Protocol => (value === 'tcp' ? 'tcp' : 'http')

export const tunnels: CollectionModule<Tunnel, TunnelInput> = {
  name: 'tunnels',
  right: 'tunnels',
  table: 'tunnels',
  list: TUNNEL_LIST,
  exportColumns: ['id', 'name', 'device_id', 'device_name', 'protocol', 'target_host', 'local_port', 'public_endpoint', 'enabled', 'status', 'created_at', 'updated_at'],
  select: tunnelsOf,
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    device_id: String(row.device_id),
    device_name: String(row.device_name),
    protocol: protocolOf(row.protocol),
    target_host: String(row.target_host),
    local_port: Number(row.local_port),
    public_endpoint: tunnelEndpoint(String(row.id), protocolOf(row.protocol)),
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
          target_host: input.target_host ?? DEFAULT_TARGET_HOST,
          local_port: input.local_port,
          enabled: input.enabled ? 1 : 0,
          // The address needs the id the engine gives the row: written in step after the insert.
          public_endpoint: '',
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
        // An update that leaves the target out keeps the one the tunnel has.
        target_host: input.target_host ?? current.target_host,
        local_port: input.local_port,
        enabled: input.enabled ? 1 : 0,
        public_endpoint: tunnelEndpoint(current.id, input.protocol),
      }
    },
  },
  // The row's column follows the address the record shows, so search finds it.
  afterWrite: async (ctx, done) => {
    if (done.action === 'create' && done.after) await setTunnelEndpoint(ctx.db, done.after.id, done.after.public_endpoint)
  },
}
