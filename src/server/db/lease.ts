import { randomUUID } from 'node:crypto'
import { databaseKind } from './kind'
import type { Db } from './open'

/** A process's hold on a job that one process at a time runs. */
export interface Lease {
  /** Runs `work` when this process holds (or takes) the lease, else skips it; answers whether it ran. */
  run(work: () => Promise<unknown>): Promise<boolean>
  /** Lets the lease go, so another process takes it at once rather than when it lapses. */
  release(): Promise<void>
}

/** A lease not renewed for this long lapses, and another process may take the job. */
export const LEASE_MS = 60_000

/**
 * One process at a time runs the job `name`: the lease row says who and until when. A process
 * takes it when it is free or lapsed, and renews it each time it runs the job; two processes
 * asking at once are put in order by the row's lock, so one wins. SQLite serves one process,
 * which always holds it.
 */
export function createLease(db: Db, name: string, now: () => Date, holder = randomUUID()): Lease {
  const shared = databaseKind(db) === 'postgres'
  const take = async () => {
    const at = now().getTime()
    const taken = await db
      .insertInto('leases')
      .values({ name, holder, until: new Date(at + LEASE_MS).toISOString() })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, until: new Date(at + LEASE_MS).toISOString() })
          .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.until', '<', new Date(at).toISOString())])),
      )
      .returning('holder')
      .executeTakeFirst()
    return taken?.holder === holder
  }
  return {
    async run(work) {
      if (shared && !(await take())) return false
      await work()
      return true
    },
    async release() {
      if (shared) await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute()
    },
  }
}

/**
 * Holds the lock `name` for the rest of the transaction `trx`: another transaction asking for it,
 * in any process, waits until this one ends. Its row is made on first use.
 */
export async function lockForTransaction(trx: Db, name: string): Promise<void> {
  const row = { name: `lock:${name}`, holder: '', until: '' }
  await trx.insertInto('leases').values(row).onConflict((oc) => oc.column('name').doNothing()).execute()
  await trx.updateTable('leases').set({ holder: '' }).where('name', '=', row.name).execute()
}
