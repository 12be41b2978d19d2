import { randomBytes } from 'node:crypto'
import { createAccount, normalizeEmail } from '../auth/accounts'
import type { Passwords } from '../auth/passwords'
import type { Db } from '../db/open'
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

/** On the first start (no organization yet) creates an organization and its administrator. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()
  if (existing) return
  const email = normalizeEmail(options.adminEmail || 'admin@example.com')
  const password = options.adminPassword || randomBytes(18).toString('base64url')
  const userId = await createAccount(db, {
    organization: 'Default organization',
    name: 'Administrator',
    email,
    passwordHash: await options.passwords.hash(password),
    now: options.now,
  })
  if (options.fleet !== false) {
    const membership = await db.selectFrom('memberships').select('organization_id').where('user_id', '=', userId).executeTakeFirstOrThrow()
    await seedFleet(db, membership.organization_id, userId, options.now)
    // Its day of heartbeats goes into the metrics rollups now, so the first start does not grow later.
    await fold(db, options.now)
    await seedPeople(db, membership.organization_id, options.passwords, options.now)
    await seedBilling(db, membership.organization_id, options.now)
  }
  options.log(
    options.adminPassword
      ? `Admin account: ${email} (password from ADMIN_PASSWORD)`
      : `Admin account: ${email} / ${password}  (shown once; change it after signing in)`,
  )
}
