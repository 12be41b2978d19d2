import { randomUUID } from 'node:crypto'
import type { ProviderId, SocialError } from '../../contract/social'
import { markSignedIn, setAvatar } from '../db/auth/accounts'
import { claimCode, claimState, deleteRunOutCodes, deleteRunOutStates, insertCode, insertIdentity, insertState, linkedUser, openCode, openState } from '../db/auth/social'
import { isUniqueViolation } from '../db/errors'
import type { Db } from '../db/open'
import type { OAuthStateRow } from '../db/schema'
import type { Services } from '../services'
import { claimInvitedAccount, createAccount, currentOrganization, findUserByEmail, normalizeEmail } from './accounts'
import type { Profile } from './oauth-client'
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
  await deleteRunOutStates(db, now.toISOString())
  await insertState(db, {
    id: randomUUID(),
    state_hash: hashSecret(flow.state),
    provider: flow.provider,
    verifier: flow.verifier,
    redirect_uri: flow.redirectUri,
    next: flow.next,
    browser_hash: hashSecret(flow.browser),
    created_at: now.toISOString(),
    expires_at: later(now, STATE_MINUTES * 60_000),
  })
}

/** The flow of `state`, claimed so it cannot be used again; undefined when unknown, expired or used. */
export async function takeState(db: Db, provider: ProviderId, state: string, now: Date): Promise<OAuthStateRow | undefined> {
  const at = now.toISOString()
  const row = await openState(db, hashSecret(state), provider, at)
  if (!row) return undefined
  return (await claimState(db, row.id, at)) ? row : undefined
}

/** A single-use code for the user, valid CODE_SECONDS; only its hash is stored. */
export async function issueCode(db: Db, userId: string, createdAccount: boolean, now: Date, provider: string): Promise<string> {
  await deleteRunOutCodes(db, now.toISOString())
  const code = newSecret()
  await insertCode(db, {
    id: randomUUID(),
    codeHash: hashSecret(code),
    userId,
    createdAccount,
    provider,
    at: now.toISOString(),
    expiresAt: later(now, CODE_SECONDS * 1000),
  })
  return code
}

/** Spends a one-time code: the active user it names, or undefined when unknown, expired or used. */
export async function takeCode(
  db: Db,
  code: string,
  now: Date,
): Promise<{ userId: string; createdAccount: boolean; provider: string } | undefined> {
  const at = now.toISOString()
  const row = await openCode(db, hashSecret(code), at)
  if (!row) return undefined
  if (!(await claimCode(db, row.id, at))) return undefined
  return { userId: row.user_id, createdAccount: row.created_account === 1, provider: row.provider || 'social' }
}

/** A loose address check: providers vouch for their own addresses, whatever their ending. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254

async function linkIdentity(db: Db, provider: ProviderId, profile: Profile, userId: string, now: Date): Promise<void> {
  await insertIdentity(db, {
    id: randomUUID(),
    provider,
    subject: profile.subject,
    userId,
    email: profile.email ? normalizeEmail(profile.email) : '',
    at: now.toISOString(),
  })
}

type Outcome = { userId: string; created: boolean } | SocialError

async function resolveUser(services: Services, provider: ProviderId, profile: Profile): Promise<Outcome> {
  const { db } = services
  const now = services.now()
  const linked = await linkedUser(db, provider, profile.subject)
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
  if (profile.picture) await setAvatar(db, userId, profile.picture)
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
    await markSignedIn(services.db, outcome.userId, services.now().toISOString())
  }
  return outcome
}
