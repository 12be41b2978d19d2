import { WebSocketServer } from 'ws'
import { AGENT_LINK_PATH } from '../../contract/tunnels'
import { bearer } from '../http/auth'
import { pathOf, refuseUpgrade, type NodeRoutes } from '../http/node-routes'
import type { Db } from '../db/open'
import type { Logger } from '../log'
import { admitLink } from './admission'
import type { Links } from './links'

/** A frame of the wire at most: a data frame's head and payload, with room to spare. */
export const LINK_MAX_PAYLOAD = 64 * 1024 + 16

/**
 * `GET /api/agent/link`: a device's agent opens its link with `Authorization: Bearer edc_...`.
 * Refused before the upgrade with a plain answer: 401 for a credential unknown, revoked or
 * expired, 403 for a device disabled or waiting for approval.
 */
export function linkRoutes({ db, now, log, links }: { db: Db; now: () => Date; log: Logger; links: Links }): NodeRoutes {
  // Each message is handled in its own turn, so a stream's taker is in place before its data.
  const server = new WebSocketServer({ noServer: true, maxPayload: LINK_MAX_PAYLOAD, allowSynchronousEvents: false })
  return {
    upgrade(req, socket, head) {
      if (pathOf(req) !== AGENT_LINK_PATH) return false
      admitLink({ db, now }, bearer(req.headers.authorization)).then(
        (device) => server.handleUpgrade(req, socket, head, (ws) => links.attach(device, ws)),
        (error: unknown) => refuseUpgrade(socket, error, log),
      )
      return true
    },
  }
}
