import type { Db } from './open'
import type { TunnelTrafficRow } from './schema'

/** Adds bytes to a tunnel's hour, making the row when it is the hour's first. */
export async function addTunnelTraffic(db: Db, row: TunnelTrafficRow): Promise<void> {
  await db
    .insertInto('tunnel_traffic')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tunnel_id', 'hour']).doUpdateSet((eb) => ({
        bytes_in: eb('tunnel_traffic.bytes_in', '+', eb.ref('excluded.bytes_in')),
        bytes_out: eb('tunnel_traffic.bytes_out', '+', eb.ref('excluded.bytes_out')),
      })),
    )
    .execute()
}

/** A tunnel's bytes by hour, oldest first. */
export function tunnelTrafficOf(db: Db, tunnelId: string): Promise<Pick<TunnelTrafficRow, 'hour' | 'bytes_in' | 'bytes_out'>[]> {
  return db.selectFrom('tunnel_traffic').select(['hour', 'bytes_in', 'bytes_out']).where('tunnel_id', '=', tunnelId).orderBy('hour').execute()
}
