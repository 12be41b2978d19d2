import { randomBytes } from 'node:crypto'
import { createAccount, normalizeEmail } from '../auth/accounts'
import type { Passwords } from '../auth/passwords'
import { lockForTransaction } from '../db/lease'
import type { Db } from '../db/open'
import { hasOrganization, organizationOfUser } from '../db/seed'
import { inTransaction } from '../db/transaction'
import { fold } from '../metrics/rollup'
import { seedBilling } from './billing'
import { seedFleet } from './fleet'
import { seedPeople } from './people'

export interface SeedOptions {
  adminEmail?: string
  /** When absent a random password is made and printed once. */
  adminPassword?: string
  passwords: Passwords
  now: Date
  log: (line: string) => void
  /** Seed the first organization's fleet too; tests that count rows leave it out. */
  fleet?: boolean
}

/**
 * On the first start (no organization yet) creates an organization and its administrator. Several
 * processes starting at once on one database make one: the check and the creation hold the seed's
 * lock together, and only the process that created the administrator seeds the rest.
 */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  if (await hasOrganization(db)) return
  const email = normalizeEmail(options.adminEmail || 'admin@example.com')
  const password = options.adminPassword || randomBytes(18).toString('base64url')
  const passwordHash = await options.passwords.hash(password)
  const userId = await inTransaction(db, async (trx) => {
    await lockForTransaction(trx, 'seed')
    if (await hasOrganization(trx)) return undefined
    return createAccount(trx, { organization: 'Default organization', name: 'Administrator', email, passwordHash, now: options.now })
  })
  if (!userId) return
  if (options.fleet !== false) {
    const organizationId = await organizationOfUser(db, userId)
    await seedFleet(db, organizationId, userId, options.now)
    // Its day of heartbeats goes into the metrics rollups now, so the first start does not grow
    // later; nothing else runs yet, so an hour a transaction rather than the live fold's ten minutes.
    await fold(db, options.now, { chunkMs: 3600_000 })
    await seedPeople(db, organizationId, options.passwords, options.now)
    await seedBilling(db, organizationId, options.now)
  }
  options.log(
    options.adminPassword
      ? `Admin account: ${email} (password from ADMIN_PASSWORD)`
      : `Admin account: ${email} / ${password}  (shown once; change it after signing in)`,
  )
}
