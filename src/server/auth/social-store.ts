import { randomUUID } from 'node:crypto'
import type { ProviderId, SocialError } from '../../contract/social'
import { isUniqueViolation } from '../db/errors'
import type { Db } from '../db/open'
import type { OAuthStateRow } from '../db/schema'
import type { Services } from '../services'
import { createAccount, currentOrganization, findUserByEmail, normalizeEmail } from './accounts'
import type { Profile } from './oauth-client'
import { claimInvitedAccount } from './register'
import { hashSecret, newSecret } from './tokens'

/** How long the visitor may take at the provider. */
export const STATE_MINUTES = 10
/** How long the one-time code of a finished sign-in stays valid. */
export const CODE_SECONDS = 60

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString()

export interface NewState {
  state: string
  provider: ProviderId
  verifier: string
  redirectUri: string
  next: string
  /** The cookie that ties the flow to the browser which started it. */
  browser: string
}

/** Keeps a provider flow for STATE_MINUTES; only the hash of its `state` is stored. */
export async function saveState(db: Db, flow: NewState, now: Date): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', now.toISOString()).execute()
  await db
    .insertInto('oauth_states')
    .values({
      id: randomUUID(),
      state_hash: hashSecret(flow.state),
      provider: flow.provider,
      verifier: flow.verifier,
      redirect_uri: flow.redirectUri,
      next: flow.next,
      browser_hash: hashSecret(flow.browser),
      created_at: now.toISOString(),
      expires_at: later(now, STATE_MINUTES * 60_000),
      used_at: null,
    })
    .execute()
}

/** The flow of `state`, claimed so it cannot be used again; undefined when unknown, expired or used. */
export async function takeState(db: Db, provider: ProviderId, state: string, now: Date): Promise<OAuthStateRow | undefined> {
  const at = now.toISOString()
  const row = await db
    .selectFrom('oauth_states')
    .selectAll()
    .where('state_hash', '=', hashSecret(state))
    .where('provider', '=', provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst()
  if (!row) return undefined
  const claimed = await db
    .updateTable('oauth_states')
    .set({ used_at: at })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return claimed.numUpdatedRows === 0n ? undefined : row
}

/** A single-use code for the user, valid CODE_SECONDS; only its hash is stored. */
export async function issueCode(db: Db, userId: string, createdAccount: boolean, now: Date, provider: string): Promise<string> {
  await db.deleteFrom('oauth_codes').where('expires_at', '<', now.toISOString()).execute()
  const code = newSecret()
  await db
    .insertInto('oauth_codes')
    .values({
      id: randomUUID(),
      code_hash: hashSecret(code),
      user_id: userId,
      created_account: createdAccount ? 1 : 0,
      provider,
      created_at: now.toISOString(),
      expires_at: later(now, CODE_SECONDS * 1000),
      used_at: null,
    })
    .execute()
  return code
}

/** Spends a one-time code: the active user it names, or undefined when unknown, expired or used. */
export async function takeCode(
  db: Db,
  code: string,
  now: Date,
): Promise<{ userId: string; createdAccount: boolean; provider: string } | undefined> {
  const at = now.toISOString()
  const row = await db
    .selectFrom('oauth_codes')
    .innerJoin('users', 'users.id', 'oauth_codes.user_id')
    .select(['oauth_codes.id', 'oauth_codes.user_id', 'oauth_codes.created_account', 'oauth_codes.provider'])
    .where('oauth_codes.code_hash', '=', hashSecret(code))
    .where('oauth_codes.used_at', 'is', null)
    .where('oauth_codes.expires_at', '>', at)
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  if (!row) return undefined
  const claimed = await db
    .updateTable('oauth_codes')
    .set({ used_at: at })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return claimed.numUpdatedRows === 0n ? undefined : { userId: row.user_id, createdAccount: row.created_account === 1, provider: row.provider || 'social' }
}

/** A loose address check: providers vouch for their own addresses, whatever their ending. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254

async function linkIdentity(db: Db, provider: ProviderId, profile: Profile, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('identities')
    .values({
      id: randomUUID(),
      provider,
      subject: profile.subject,
      user_id: userId,
      email: profile.email ? normalizeEmail(profile.email) : '',
      created_at: now.toISOString(),
    })
    .execute()
}

type Outcome = { userId: string; created: boolean } | SocialError

async function resolveUser(services: Services, provider: ProviderId, profile: Profile): Promise<Outcome> {
  const { db } = services
  const now = services.now()
  const linked = await db
    .selectFrom('identities')
    .innerJoin('users', 'users.id', 'identities.user_id')
    .select(['users.id', 'users.status'])
    .where('identities.provider', '=', provider)
    .where('identities.subject', '=', profile.subject)
    .executeTakeFirst()
  if (linked) return linked.status === 'active' ? { userId: linked.id, created: false } : 'disabled'

  const email = profile.email && normalizeEmail(profile.email)
  if (!email || !looksLikeEmail(email)) return 'noEmail'
  const name = profile.name.trim().slice(0, 120) || email.split('@')[0] || email
  // No password until the user sets one through "Forgot password?".
  const account = { organization: `${name}'s organization`, name, email, passwordHash: await services.passwords.hash(newSecret()), now }
  const existing = await findUserByEmail(db, email)
  if (existing) {
    // Linking on an address the provider has not verified would hand the account to whoever typed it there.
    if (!profile.emailVerified) return 'unverified'
    // An address only invited so far has no owner yet: its owner signing in makes the account theirs, as registering does.
    if (existing.status === 'invited' && (await claimInvitedAccount(db, existing.id, account))) {
      await linkIdentity(db, provider, profile, existing.id, now)
      return { userId: existing.id, created: true }
    }
    if (existing.status !== 'active') return 'disabled'
    await linkIdentity(db, provider, profile, existing.id, now)
    return { userId: existing.id, created: false }
  }

  const userId = await createAccount(db, account)
  if (profile.picture) await db.updateTable('users').set({ avatar: profile.picture }).where('id', '=', userId).execute()
  await linkIdentity(db, provider, profile, userId, now)
  return { userId, created: true }
}

/**
 * The user the provider account signs in as: a linked identity, else an existing account with the
 * same verified address (which gets linked), else a new account with an organization of its own.
 * Returns the reason when it refuses.
 */
export async function signInWithProfile(services: Services, provider: ProviderId, profile: Profile): Promise<Outcome> {
  let outcome: Outcome
  try {
    outcome = await resolveUser(services, provider, profile)
  } catch (error) {
    // Two callbacks for one person at the same moment: the loser finds what the winner made.
    if (!isUniqueViolation(error)) throw error
    outcome = await resolveUser(services, provider, profile)
  }
  // Off in every organization it belongs to: the account is disabled, whichever way it signs in.
  if (typeof outcome !== 'string' && !(await currentOrganization(services.db, outcome.userId))) return 'disabled'
  if (typeof outcome !== 'string') {
    await services.db.updateTable('users').set({ last_sign_in: services.now().toISOString() }).where('id', '=', outcome.userId).execute()
  }
  return outcome
}
