import type { Db } from './open'
import type { TunnelRequestRow } from './schema'

/** Keeps one request or connection through a tunnel. */
export async function insertTunnelRequest(db: Db, row: TunnelRequestRow): Promise<void> {
  await db.insertInto('tunnel_requests').values(row).execute()
}

/** A tunnel's requests of the organization, newest first, older than the request `before` when given. */
export function tunnelRequestsPage(db: Db, organizationId: string, tunnelId: string, before: string | undefined, limit: number) {
  let query = db
    .selectFrom('tunnel_requests')
    .select(['id', 'at', 'kind', 'method', 'path', 'status', 'duration_ms', 'bytes_in', 'bytes_out', 'client_ip', 'error'])
    .where('organization_id', '=', organizationId)
    .where('tunnel_id', '=', tunnelId)
  if (before !== undefined) query = query.where('id', '<', before)
  return query.orderBy('id', 'desc').limit(limit).execute()
}

/** Deletes a tunnel's requests older than its newest `kept` ones. */
export async function pruneTunnelRequestsOf(db: Db, tunnelId: string, kept: number): Promise<void> {
  const oldestKept = await db
    .selectFrom('tunnel_requests')
    .select('id')
    .where('tunnel_id', '=', tunnelId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(kept - 1)
    .executeTakeFirst()
  if (oldestKept) await db.deleteFrom('tunnel_requests').where('tunnel_id', '=', tunnelId).where('id', '<', oldestKept.id).execute()
}

/** Deletes every tunnel's requests made before `before` (ISO). */
export async function deleteTunnelRequestsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('tunnel_requests').where('at', '<', before).execute()
}
