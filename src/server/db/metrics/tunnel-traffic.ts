import type { AnyDb } from '../open'

// What the console metered through its tunnels (`tunnel_traffic`, by tunnel and hour), as the plan,
// the invoices and the traffic dashboard count it beside the bytes the devices report.

const iso = (ms: number) => new Date(ms).toISOString()

/** Bytes in and out through the organization's tunnels over the hours [from, to) (ms), kept after their tunnel is gone. */
export async function tunnelTrafficBetween(db: AnyDb, organizationId: string, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('tunnel_traffic')
    .select((eb) => eb.fn.sum<number | string | null>(eb('bytes_in', '+', eb.ref('bytes_out'))).as('bytes'))
    .where('organization_id', '=', organizationId)
    .where('hour', '>=', iso(from))
    .where('hour', '<', iso(to))
    .executeTakeFirst()
  return Number(row?.bytes ?? 0)
}

/** The organization's tunnel bytes per hour over the hours [from, to) (ms), oldest first; hours without any are left out. */
export async function tunnelTrafficByHour(db: AnyDb, organizationId: string, from: number, to: number): Promise<{ hour: number; bytes_in: number; bytes_out: number }[]> {
  const rows = await db
    .selectFrom('tunnel_traffic')
    .select((eb) => ['hour', eb.fn.sum<number | string>('bytes_in').as('bytes_in'), eb.fn.sum<number | string>('bytes_out').as('bytes_out')])
    .where('organization_id', '=', organizationId)
    .where('hour', '>=', iso(from))
    .where('hour', '<', iso(to))
    .groupBy('hour')
    .orderBy('hour')
    .execute()
  return rows.map((row) => ({ hour: Date.parse(row.hour), bytes_in: Number(row.bytes_in), bytes_out: Number(row.bytes_out) }))
}
