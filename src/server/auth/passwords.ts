import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import pLimit from 'p-limit'

/** scrypt's recommended interactive cost; tests may lower it. */
export const DEFAULT_SCRYPT_COST = 16384
const BLOCK_SIZE = 8
const PARALLEL = 1
const KEY_LENGTH = 32
/**
 * scrypt runs on libuv's pool of four threads, which file reads share: two at a time leaves the
 * rest to serving the console during a flood of sign-ins, and past a queue of MAX_WAITING new
 * checks are turned away at once instead of making every answer slow.
 */
const RUNNING = 2
export const MAX_WAITING = 200

/** Thrown when MAX_WAITING password checks are already waiting. */
export class PasswordsBusy extends Error {}

export interface Passwords {
  /** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
  hash(password: string): Promise<string>
  verify(password: string, stored: string): Promise<boolean>
  /** Spends the time of one verification, so an unknown address answers as slowly as a known one. */
  waste(password: string): Promise<false>
}

/**
 * Passwords are hashed in NFKC form, so the same password typed on another keyboard (full-width
 * letters, composed accents) still matches. Hashes made before were of the NFC form.
 */
const FORMS = ['NFKC', 'NFC'] as const

const derive = (password: string, salt: Buffer, N: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)))
  })

export function createPasswords(cost = DEFAULT_SCRYPT_COST): Passwords {
  if (!Number.isInteger(cost) || cost < 2 || (cost & (cost - 1)) !== 0) {
    throw new Error(`The scrypt cost must be a power of two, got ${cost}`)
  }
  let decoy: Promise<string> | undefined
  const limit = pLimit(RUNNING)
  const queued = (password: string, salt: Buffer, N: number, r: number, p: number) => {
    if (limit.pendingCount >= MAX_WAITING) return Promise.reject(new PasswordsBusy('Too many password checks waiting'))
    return limit(() => derive(password, salt, N, r, p))
  }

  const hash = async (password: string) => {
    const salt = randomBytes(16)
    const key = await queued(password.normalize('NFKC'), salt, cost, BLOCK_SIZE, PARALLEL)
    return ['scrypt', cost, BLOCK_SIZE, PARALLEL, salt.toString('base64url'), key.toString('base64url')].join('$')
  }

  const verify = async (password: string, stored: string) => {
    const [scheme, N, r, p, salt, expected] = stored.split('$')
    if (scheme !== 'scrypt' || !salt || !expected) return false
    const want = Buffer.from(expected, 'base64url')
    const forms = new Set(FORMS.map((form) => password.normalize(form)))
    for (const form of forms) {
      const key = await queued(form, Buffer.from(salt, 'base64url'), Number(N), Number(r), Number(p)).catch((error: unknown) => {
        if (error instanceof PasswordsBusy) throw error
        return undefined
      })
      if (key !== undefined && key.length === want.length && timingSafeEqual(key, want)) return true
    }
    return false
  }

  const waste = async (password: string) => {
    decoy ??= hash(randomBytes(16).toString('base64url'))
    await verify(password, await decoy)
    return false as const
  }

  return { hash, verify, waste }
}
