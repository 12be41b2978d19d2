import type { Tunnel, TunnelRequest } from '../../../../src/contract/tunnels'

let next = 0

/** A tunnel as `GET /tunnels/` lists it: a TCP tunnel to port 22, enabled and up on device `d-1` unless told otherwise. */
export function createTunnel(overrides: Partial<Tunnel> = {}): Tunnel {
  next += 1
  const id = overrides.id ?? `t-${next}`
  const protocol = overrides.protocol ?? 'tcp'
  return {
    id,
    name: `Tunnel ${next}`,
    device_id: 'd-1',
    device_name: 'Gateway',
    protocol,
    target_host: '127.0.0.1',
    local_port: 22,
    public_endpoint: protocol === 'http' ? `/t/${id}/` : `tcp:${id}`,
    enabled: true,
    status: 'up',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  }
}

let nextRequest = 0

/** One request through a tunnel as its inspector lists it: a `GET /` answered 200 a moment ago. */
export function createRequest(overrides: Partial<TunnelRequest> = {}): TunnelRequest {
  nextRequest += 1
  return {
    id: `r-${nextRequest}`,
    at: new Date().toISOString(),
    kind: 'http',
    method: 'GET',
    path: `/page-${nextRequest}`,
    status: 200,
    duration_ms: 12,
    bytes_in: 300,
    bytes_out: 1500,
    client_ip: '192.0.2.1',
    error: '',
    ...overrides,
  }
}
