import { randomBytes } from 'node:crypto'
import { createAccount, normalizeEmail } from '../auth/accounts'
import type { Passwords } from '../auth/passwords'
import type { Db } from './open'

export interface SeedOptions {
  adminEmail?: string
  /** When absent a random password is made and printed once. */
  adminPassword?: string
  passwords: Passwords
  now: Date
  log: (line: string) => void
}

/** On the first start (no organization yet) creates an organization and its administrator. */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()
  if (existing) return
  const email = normalizeEmail(options.adminEmail || 'admin@example.com')
  const password = options.adminPassword || randomBytes(18).toString('base64url')
  await createAccount(db, {
    organization: 'Default organization',
    name: 'Administrator',
    email,
    passwordHash: await options.passwords.hash(password),
    now: options.now,
  })
  options.log(
    options.adminPassword
      ? `Admin account: ${email} (password from ADMIN_PASSWORD)`
      : `Admin account: ${email} / ${password}  (shown once; change it after signing in)`,
  )
}
