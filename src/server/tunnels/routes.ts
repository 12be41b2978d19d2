import { Hono } from 'hono'
import { PROTOCOLS, TUNNEL_REQUEST_PATH_MAX, TUNNEL_TICKET_S } from '../../contract/tunnels'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { invalidInput } from '../http/body'
import { describe, share } from '../openapi/registry'
import { int, list, obj, oneOf, ref, str, time } from '../openapi/shapes'
import type { Services } from '../services'
import { REQUESTS_LIMIT, tunnelRequests } from './inspector'
import { openTunnel } from './passes'

/** One request or connection through a tunnel, as the inspector and the `tunnel` event show it. */
share(
  'TunnelRequest',
  obj({
    id: str,
    at: time,
    kind: oneOf(PROTOCOLS),
    method: str,
    path: { type: 'string', maxLength: TUNNEL_REQUEST_PATH_MAX },
    status: int,
    duration_ms: int,
    bytes_in: int,
    bytes_out: int,
    client_ip: str,
    error: str,
  }),
)

describe(
  {
    method: 'post',
    path: '/tunnels/:id/open',
    tag: 'Tunnels',
    summary: 'Open an HTTP tunnel in the browser',
    description: `A one-time address under the console's origin (\`/t/<id>/?ticket=…\`) that lets the browser into the tunnel: opened within ${TUNNEL_TICKET_S} s, it leaves a cookie scoped to the tunnel's path, lasting 12 hours at most and never past the caller's session, and each request through it checks that the user still holds \`tunnels\` in the organization. Another organization's tunnel is 404; a TCP tunnel 409.`,
    caller: 'principal',
    rights: ['tunnels'],
    params: { id: 'The tunnel.' },
    answers: {
      200: { description: 'The address to open.', body: obj({ url: str }) },
      403: { description: 'Without `tunnels`, or an app token (it speaks for no user).', body: { ref: 'Error' } },
      404: { description: 'No such tunnel in the organization.', body: { ref: 'Error' } },
      409: { description: 'Not an HTTP tunnel.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'get',
    path: '/tunnels/:id/requests',
    tag: 'Tunnels',
    summary: 'A tunnel\'s requests',
    description: 'The requests (HTTP) or connections (TCP) through the tunnel, newest first: method, path, status, duration, bytes each way, the client\'s address and what went wrong; no bodies are kept. The newest 200 of the last 7 days are kept.',
    caller: 'principal',
    rights: ['tunnels'],
    params: { id: 'The tunnel.' },
    query: [
      { name: 'before', description: 'Only requests older than this one (its id), for the next page.', schema: { type: 'string', minLength: 1, maxLength: 64 } },
      { name: 'limit', description: 'Requests at most.', schema: { type: 'integer', minimum: 1, maximum: REQUESTS_LIMIT.max, default: REQUESTS_LIMIT.default } },
    ],
    answers: {
      200: { description: 'The requests, newest first.', body: list(ref('TunnelRequest')) },
      400: { description: 'A `before` or `limit` it does not take.', body: { ref: 'Error' } },
      404: { description: 'No such tunnel in the organization.', body: { ref: 'Error' } },
    },
  },
)

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** `POST /tunnels/{id}/open` and `GET /tunnels/{id}/requests`, for holders of `tunnels`. */
export function tunnelRoutes(services: Services) {
  return new Hono<AuthEnv>()
    .post('/tunnels/:id/open', requirePrincipal(services), requireRight('tunnels'), async (c) => {
      // On the tunnel's own host when there is one, over the scheme the console is reached by.
      const proto = new URL(services.publicUrl ?? c.req.url).protocol === 'https:' ? 'https' : 'http'
      const origin = services.tunnelAddresses?.().originOf(c.req.param('id'), proto)
      return c.json(await openTunnel(services, c.var.principal, c.req.param('id'), origin))
    })
    .get('/tunnels/:id/requests', requirePrincipal(services), requireRight('tunnels'), async (c) => {
      const before = c.req.query('before')
      const limitText = c.req.query('limit')
      const limit = limitText === undefined ? REQUESTS_LIMIT.default : /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN
      const errors: Record<string, 'validation.invalid'> = {}
      if (before !== undefined && !REQUEST_ID.test(before)) errors.before = 'validation.invalid'
      if (!(limit >= 1 && limit <= REQUESTS_LIMIT.max)) errors.limit = 'validation.invalid'
      if (Object.keys(errors).length) throw invalidInput(errors)
      return c.json(await tunnelRequests(services.db, c.var.principal.organizationId, c.req.param('id'), before, limit))
    })
}
