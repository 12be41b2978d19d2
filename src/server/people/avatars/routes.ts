import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { AVATAR_MAX_BYTES, AVATAR_TYPES, PROFILE_API, avatarPath } from '../../../contract/profile'
import { loadUser } from '../../auth/accounts'
import { avatarOf, removeAvatar, saveAvatar } from '../../db/people/profile'
import { inTransaction } from '../../db/transaction'
import { requireSession, type AuthEnv } from '../../http/auth'
import { ApiError, fail } from '../../http/errors'
import { route } from '../../http/route'
import { DEFAULT_POLICY } from '../../http/security'
import { message } from '../../messages'
import type { Services } from '../../services'
import { requestOrigin } from '../../http/client'
import { avatarImageType } from '../avatar-image'
import { auditSelf, publishSelf, versionOfUser } from '../self'
import { describe } from '../../openapi/registry'

/** Types a browser may state for a chosen photo; the bytes decide what it is stored as. */
const STATED_TYPES: readonly string[] = [...AVATAR_TYPES, 'image/x-ms-bmp', 'image/x-bmp']
/** The version in a photo's address, so each upload has its own and caches may keep it for good. */
const versionOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16)
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Each refusal says why: not an image that can be read (400), too large (413), another type (415). */
const REASONS = { 400: 'avatarNotImage', 413: 'avatarTooLarge', 415: 'avatarType' } as const
const refused = (status: 400 | 413 | 415, close = false) =>
  new ApiError(status, message(REASONS[status]), undefined, close ? { Connection: 'close' } : {})

/** The body's bytes, or undefined once more than `max` have come; the rest is never read. */
async function readAtMost(c: Context, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(c.req.header('Content-Length') ?? NaN)
  if (declared > max) return undefined
  const reader = c.req.raw.body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/**
 * The user's photo: `POST /users/self/avatar` with the image's bytes as the body, `DELETE` to
 * remove it, and `GET /avatars/{userId}?v={hash}` to show it. That one needs no sign-in, since an
 * `<img>` sends no Bearer header, but the hash of the current photo, which the user's record gives.
 */
describe(
  {
    method: 'post',
    path: PROFILE_API.avatar,
    tag: 'Your account',
    summary: 'Upload your photo',
    description: `A JPEG, PNG or BMP of at most ${AVATAR_MAX_BYTES / 1024} KB as the body; the bytes are checked, not the stated type.`,
    caller: 'session',
    bodyType: 'image/*',
    body: { type: 'string', contentMediaType: 'image/*', maxLength: AVATAR_MAX_BYTES },
    answers: {
      200: { description: 'You, with the new photo.', body: { ref: 'User' } },
      400: { description: 'Not a JPEG, PNG or BMP image.', body: { ref: 'Error' } },
      413: { description: 'Over the size limit.', body: { ref: 'Error' } },
      415: { description: 'A stated type that is no image the console takes.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'delete',
    path: PROFILE_API.avatar,
    tag: 'Your account',
    summary: 'Remove your photo',
    caller: 'session',
    answers: { 200: { description: 'You, without a photo.', body: { ref: 'User' } } },
  },
  {
    method: 'get',
    path: '/avatars/:userId',
    tag: 'Your account',
    summary: 'A person\'s photo',
    description: 'Public, since an `<img>` sends no token; its address changes with each upload, so it is cached for good.',
    caller: 'public',
    params: { userId: 'The person\'s id.' },
    query: [{ name: 'v', description: 'The photo\'s version, from the `avatar` address.', schema: { type: 'string' } }],
    answers: {
      200: { description: 'The photo.', type: 'image/*' },
      404: { description: 'No photo.', body: { ref: 'Error' } },
    },
  },
)

export function avatarRoutes(services: Services) {
  const { db } = services
  const session = requireSession(services)

  const answerUser = async (c: Context, userId: string) => {
    const user = await loadUser(db, userId)
    if (!user) throw fail(401, 'unauthorized')
    return c.json(user)
  }

  return new Hono<AuthEnv>()
    .post(route(PROFILE_API.avatar), session, async (c) => {
      const stated = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (!STATED_TYPES.includes(stated)) throw refused(415)
      const bytes = await readAtMost(c, AVATAR_MAX_BYTES)
      if (!bytes) throw refused(413, true)
      const type = bytes.byteLength ? avatarImageType(bytes) : undefined
      if (!type) throw refused(400)
      const userId = c.var.session.userId
      const at = services.now().toISOString()
      const avatar = `${avatarPath(userId)}?v=${versionOf(bytes)}`
      const version = await inTransaction(db, async (trx) => {
        await saveAvatar(trx, userId, { contentType: type, bytes, avatar }, at)
        await auditSelf(services, requestOrigin(services, c), trx, userId, { action: 'update', fields: ['avatar'] })
        return versionOfUser(trx, userId)
      })
      await publishSelf(services, userId, version)
      return answerUser(c, userId)
    })
    .delete(route(PROFILE_API.avatar), session, async (c) => {
      const userId = c.var.session.userId
      const at = services.now().toISOString()
      const version = await inTransaction(db, async (trx) => {
        if (!(await removeAvatar(trx, userId, at))) return undefined
        await auditSelf(services, requestOrigin(services, c), trx, userId, { action: 'update', fields: ['avatar'] })
        return versionOfUser(trx, userId)
      })
      if (version !== undefined) await publishSelf(services, userId, version)
      return answerUser(c, userId)
    })
    .get('/avatars/:userId', async (c) => {
      const userId = c.req.param('userId')
      if (userId.length > 64) throw fail(404, 'notFound')
      const row = await avatarOf(db, userId)
      const bytes = row && new Uint8Array(row.bytes)
      // Served only at the address of these very bytes, which only those shown the user's record
      // know: an id alone (an invitation answers one) tells nothing, not even whether a photo exists.
      if (!bytes || c.req.query('v') !== versionOf(bytes)) throw fail(404, 'notFound')
      return c.body(bytes, 200, {
        'Content-Type': row.content_type,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': DEFAULT_POLICY,
        'Content-Disposition': 'inline; filename="avatar"',
      })
    })
}
