import type { AnyDb, Db } from './open'
import type { TunnelPassRow } from './schema'

/** Keeps a new ticket or cookie pass (its secret only as a hash). */
export async function insertTunnelPass(db: Db, pass: Omit<TunnelPassRow, 'pass_until'> & { pass_until?: string | null }): Promise<void> {
  await db.insertInto('tunnel_passes').values({ ...pass, pass_until: pass.pass_until ?? null }).execute()
}

/**
 * Takes the live ticket of `hash` for `tunnelId`: one conditional delete, so of two requests
 * bringing the same ticket at once only one gets its row back.
 */
export async function takeTunnelTicket(db: Db, hash: string, tunnelId: string, at: string) {
  return db
    .deleteFrom('tunnel_passes')
    .where('hash', '=', hash)
    .where('kind', '=', 'ticket')
    .where('tunnel_id', '=', tunnelId)
    .where('expires_at', '>', at)
    .returning(['user_id', 'organization_id', 'pass_until'])
    .executeTakeFirst()
}

/** The live cookie pass of `hash` for `tunnelId`, or undefined. */
export const liveTunnelPass = (db: Db, hash: string, tunnelId: string, at: string) =>
  db
    .selectFrom('tunnel_passes')
    .select(['user_id', 'organization_id', 'expires_at'])
    .where('hash', '=', hash)
    .where('kind', '=', 'cookie')
    .where('tunnel_id', '=', tunnelId)
    .where('expires_at', '>', at)
    .executeTakeFirst()

/** Deletes the tickets and passes ended by `at`. */
export async function deleteEndedTunnelPasses(db: Db, at: string): Promise<void> {
  await db.deleteFrom('tunnel_passes').where('expires_at', '<=', at).execute()
}

/** What the proxy needs of a tunnel, in any organization: its target, and whether it and its device are enabled. */
export const tunnelTarget = (db: AnyDb, tunnelId: string) =>
  (db as Db)
    .selectFrom('tunnels as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .select(['t.id', 't.organization_id', 't.device_id', 't.protocol', 't.target_host', 't.local_port', 't.enabled', 'd.enabled as device_enabled', 'd.status as device_status'])
    .where('t.id', '=', tunnelId)
    .executeTakeFirst()
