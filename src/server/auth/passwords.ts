import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** scrypt's recommended interactive cost; tests may lower it. */
export const DEFAULT_SCRYPT_COST = 16384
const BLOCK_SIZE = 8
const PARALLEL = 1
const KEY_LENGTH = 32

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

  const hash = async (password: string) => {
    const salt = randomBytes(16)
    const key = await derive(password.normalize('NFKC'), salt, cost, BLOCK_SIZE, PARALLEL)
    return ['scrypt', cost, BLOCK_SIZE, PARALLEL, salt.toString('base64url'), key.toString('base64url')].join('$')
  }

  const verify = async (password: string, stored: string) => {
    const [scheme, N, r, p, salt, expected] = stored.split('$')
    if (scheme !== 'scrypt' || !salt || !expected) return false
    const want = Buffer.from(expected, 'base64url')
    const forms = new Set(FORMS.map((form) => password.normalize(form)))
    for (const form of forms) {
      const key = await derive(form, Buffer.from(salt, 'base64url'), Number(N), Number(r), Number(p)).catch(() => undefined)
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
