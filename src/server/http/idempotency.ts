import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { looksLikeKey } from '../access-keys/keys'
import { looksLikeAppToken } from '../auth/app-holder'
import { tokenUser } from '../auth/tokens'
import { deleteIdempotencyKey, IDEMPOTENCY_KEPT_MS, idempotencyKeyRow, insertIdempotencyKey, keepIdempotentAnswer } from '../db/idempotency'
import type { Db } from '../db/open'
import type { IdempotencyKeyRow } from '../db/schema'
import { message } from '../messages'
import type { Services } from '../services'
import { bearer, principalOf, type AuthEnv } from './auth'
import { ApiError, fail } from './errors'

export { IDEMPOTENCY_KEPT_MS }
/**
 * A first request still marked as running after this long died with its process: a repeat takes
 * its key over and runs. No handler of the API runs anywhere near this long.
 */
export const IN_FLIGHT_MS = 2 * 60_000
export const MAX_IDEMPOTENCY_KEY = 255
/** The header a replayed answer carries. */
export const REPLAYED = 'Idempotent-Replayed'

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** The headers of an answer that a client reads; the rest are set again on the way out (security, cache). */
const KEPT_HEADERS = ['Content-Type', 'Location', 'X-Total-Count', 'Retry-After']
/** 1 to 255 printable ASCII characters, space included (HTTP has already trimmed the ends). */
const KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${MAX_IDEMPOTENCY_KEY}}$`)

/** An answer as kept, sealed: its body as base64. */
interface KeptAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** What a caller's key opens: its row, and the keys of its fingerprint and its sealed answer. */
interface KeyMaterial {
  id: string
  answerKey: Buffer
  fingerprintKey: Buffer
}

/**
 * The row id is a hash of the scope (organization and caller) and the key, so one caller's key
 * never meets another's, nor its own in another organization; the keys come from the raw key
 * (HKDF-SHA256), which only the client knows, so neither the answers (which may show a secret
 * once) nor the fingerprints (of bodies that may hold a password) can be read or guessed from a
 * copy of the database.
 */
function keyMaterial(scope: string, key: string): KeyMaterial {
  const id = createHash('sha256').update(`${scope}\n${key}`).digest('hex')
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', key, id, info, 32))
  return { id, answerKey: derive('idempotent answer'), fingerprintKey: derive('idempotent request') }
}

/** What makes two requests the same one: method, path with query, and the body's bytes. */
const fingerprintOf = (keys: KeyMaterial, method: string, target: string, body: Uint8Array) =>
  createHmac('sha256', keys.fingerprintKey).update(`${method} ${target}\n`).update(body).digest('hex')

/** AES-256-GCM, bound to its row: IV (12 bytes), ciphertext, tag (16). */
function seal(keys: KeyMaterial, answer: KeptAnswer): Buffer {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys.answerKey, iv)
  cipher.setAAD(Buffer.from(keys.id))
  const text = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()])
  return Buffer.concat([iv, text, cipher.getAuthTag()])
}

/** The answer `seal` kept; throws when the bytes were changed or belong to another row. */
function unseal(keys: KeyMaterial, sealed: Uint8Array): KeptAnswer {
  const bytes = Buffer.from(sealed)
  const decipher = createDecipheriv('aes-256-gcm', keys.answerKey, bytes.subarray(0, 12))
  decipher.setAAD(Buffer.from(keys.id))
  decipher.setAuthTag(bytes.subarray(bytes.length - 16))
  const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()])
  return JSON.parse(text.toString('utf8')) as KeptAnswer
}

const inFlight = () => new ApiError(409, message('idempotencyInFlight'), undefined, { 'Retry-After': '1' })

/**
 * Who a key belongs to: the organization the request works in and, in it, the signed-in user, the
 * access key or the app id; undefined for a token that names nobody. A person who switches
 * organization and sends the same key again writes in the new one, not replays the old one's
 * answer. The principal found is handed on to the route, which then need not look it up again.
 */
async function callerScope(services: Services, c: Context<AuthEnv>, token: string): Promise<string | undefined> {
  const principal = await principalOf(services, token)
  if (principal) {
    c.set('principal', principal)
    const caller =
      principal.kind === 'key'
        ? `key:${principal.keyId}`
        : principal.kind === 'app'
          ? `app:${principal.appId}`
          : principal.kind === 'device'
            ? `device:${principal.deviceId}`
            : `user:${principal.userId}`
    return `${principal.organizationId}\n${caller}`
  }
  // A signed-in user with no organization left still has a session (its routes take it).
  if (looksLikeKey(token) || looksLikeAppToken(token)) return undefined
  const userId = await tokenUser(services.db, token, services.now())
  return userId && `\nuser:${userId}`
}

/**
 * Makes the key's row, or finds the one already there. The insert that conflicts is what orders
 * requests side by side, on one process or several on one PostgreSQL database: exactly one of
 * them makes the row and runs. A row past its 24 hours, or left running by a process that died,
 * is deleted (only as found, by its holder) and the insert tried again.
 */
async function reserve(db: Db, id: string, fingerprint: string, now: Date): Promise<{ holder: string } | { row: IdempotencyKeyRow }> {
  const created_at = now.toISOString()
  const lapsed = new Date(now.getTime() - IDEMPOTENCY_KEPT_MS).toISOString()
  const abandoned = new Date(now.getTime() - IN_FLIGHT_MS).toISOString()
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder = randomUUID()
    if (await insertIdempotencyKey(db, { id, fingerprint, holder, created_at })) return { holder }
    const row = await idempotencyKeyRow(db, id)
    if (!row) continue
    const gone = row.created_at <= lapsed || (row.status === null && row.created_at <= abandoned)
    if (!gone) return { row }
    await deleteIdempotencyKey(db, id, row.holder)
  }
  throw inFlight()
}

/** Frees a key whose first request failed on the server's side, so a retry runs. */
const release = (db: Db, id: string, holder: string) => deleteIdempotencyKey(db, id, holder, true)

/**
 * Reads the rest of a body the route will not read: the clone took all of it already, and a body
 * left unread would close the connection (`closeUnread`), costing a slow link a new handshake.
 */
const settle = (c: Context) => c.req.raw.arrayBuffer().then(() => undefined, () => undefined)

/** The kept answer again, with `Idempotent-Replayed: true`; 422 for another request, 409 while the first runs. */
async function replay(c: Context, keys: KeyMaterial, fingerprint: string, row: IdempotencyKeyRow): Promise<Response> {
  await settle(c)
  if (row.fingerprint !== fingerprint) throw fail(422, 'idempotencyKeyReused')
  if (row.status === null || !row.answer) throw inFlight()
  const kept = unseal(keys, row.answer)
  const body = Buffer.from(kept.body, 'base64')
  return new Response(body.byteLength ? new Uint8Array(body) : null, { status: kept.status, headers: { ...kept.headers, [REPLAYED]: 'true' } })
}

/** Keeps an answer below 500 for its key; a failure to keep it frees the key rather than leave it running. */
async function keep(services: Services, c: Context, keys: KeyMaterial, holder: string): Promise<void> {
  const { db } = services
  const res = c.res
  if (res.status >= 500) {
    await release(db, keys.id, holder)
    return
  }
  try {
    const body = Buffer.from(await res.clone().arrayBuffer())
    const headers: Record<string, string> = {}
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name)
      if (value !== null) headers[name] = value
    }
    const answer = seal(keys, { status: res.status, headers, body: body.toString('base64') })
    await keepIdempotentAnswer(db, keys.id, holder, res.status, answer)
  } catch (error) {
    services.log.error(`${c.req.method} ${c.req.path}: the answer for its Idempotency-Key was not kept:`, error)
    await release(db, keys.id, holder).catch(() => undefined)
  }
}

/**
 * `Idempotency-Key` on POST, PUT, PATCH and DELETE (draft-ietf-httpapi-idempotency-key-header, as
 * Stripe does it): a write retried after a timeout is answered with the first answer rather than
 * run again. Keys belong to their caller in its current organization and last 24 hours; the same key with another request is
 * 422, a repeat while the first still runs 409 with `Retry-After: 1`, and a first request that
 * fails with a 5xx frees its key. Requests without a caller (sign-in, registration, a password
 * reset, the token endpoint) ignore the header: there is nobody to scope the key to, and each of
 * them is throttled on its own.
 */
export const idempotency =
  (services: Services): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    if (!WRITES.has(c.req.method)) return next()
    const key = c.req.header('Idempotency-Key')
    if (key === undefined) return next()
    if (!KEY_PATTERN.test(key)) throw fail(400, 'badIdempotencyKey', { max: MAX_IDEMPOTENCY_KEY })
    const token = bearer(c.req.header('Authorization'))
    const scope = token && (await callerScope(services, c, token))
    if (!scope) return next()
    const keys = keyMaterial(scope, key)
    const body = new Uint8Array(await c.req.raw.clone().arrayBuffer())
    const url = new URL(c.req.url)
    const fingerprint = fingerprintOf(keys, c.req.method, url.pathname + url.search, body)
    const found = await reserve(services.db, keys.id, fingerprint, services.now())
    if ('row' in found) return replay(c, keys, fingerprint, found.row)
    try {
      await next()
    } catch (error) {
      await release(services.db, keys.id, found.holder).catch(() => undefined)
      throw error
    }
    await keep(services, c, keys, found.holder)
  }
