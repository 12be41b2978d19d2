import type { Tunnel } from '../../../../src/contract/tunnels'

let next = 0

/** A tunnel as `GET /tunnels/` lists it: enabled and up on device `d-1` unless told otherwise. */
export function createTunnel(overrides: Partial<Tunnel> = {}): Tunnel {
  next += 1
  return {
    id: `t-${next}`,
    name: `Tunnel ${next}`,
    device_id: 'd-1',
    device_name: 'Gateway',
    protocol: 'tcp',
    local_port: 22,
    public_endpoint: `tcp://t-${next}.tunnels.edgeline.example:40${String(next).padStart(3, '0')}`,
    enabled: true,
    status: 'up',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  }
}
