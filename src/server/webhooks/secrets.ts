import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { WEBHOOK_SECRET_PREFIX } from '../../contract/webhooks'

/**
 * A signing secret as Standard Webhooks has it: `whsec_` and 32 random bytes as standard base64,
 * which its libraries decode; those bytes are the HMAC key.
 */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64')
}

/**
 * The HMAC key of a secret: the bytes after the prefix. Secrets issued before were base64url;
 * Node's base64 decoder takes both alphabets, so those still sign with the same bytes.
 */
export const secretKeyBytes = (secret: string) => Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')

/**
 * `Webhook-Signature` of one delivery (Standard Webhooks): `v1,` and the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` keyed with the secret's bytes.
 */
export function signDelivery(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', secretKeyBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

export interface SecretBox {
  /** The secret sealed for the row of webhook `id`: AES-256-GCM, IV (12 bytes), ciphertext, tag (16), as base64. */
  seal(id: string, secret: string): string
  /** The secret of webhook `id`; throws when the bytes were changed, moved to another row or sealed with another key. */
  open(id: string, sealed: string): string
}

/**
 * Seals signing secrets with a key of the server's, never kept in the database: a copy of the
 * database alone does not let anyone sign as the console. The key comes from HKDF-SHA256 over the
 * server key; each sealed secret is bound to its webhook's id (the GCM additional data).
 */
export function createSecretBox(serverKey: Buffer): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverKey, 'webhook secrets', 'webhook signing secret', 32))
  return {
    seal(id, secret) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(id))
      const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return Buffer.concat([iv, text, cipher.getAuthTag()]).toString('base64')
    },
    open(id, sealed) {
      const bytes = Buffer.from(sealed, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
      decipher.setAAD(Buffer.from(id))
      decipher.setAuthTag(bytes.subarray(bytes.length - 16))
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8')
    },
  }
}

/** The name of the key file in the data folder, when `WEBHOOK_SECRET_KEY` is not set. */
export const KEY_FILE = 'webhook-secret.key'

/**
 * The server key that seals webhook secrets: `WEBHOOK_SECRET_KEY` (32 bytes as base64 or
 * base64url) when given, which every process sharing one PostgreSQL database must be given
 * alike; otherwise a random key made on the first start in the data folder (readable by the
 * server's user only), beside the SQLite file but never inside it.
 */
export function serverKey(given: string | undefined, dataDir: string): Buffer {
  if (given) {
    const bytes = Buffer.from(given, /[-_]/.test(given) ? 'base64url' : 'base64')
    if (bytes.length !== 32) throw new Error('WEBHOOK_SECRET_KEY takes 32 bytes as base64, e.g. the output of: openssl rand -base64 32')
    return bytes
  }
  const file = path.join(dataDir, KEY_FILE)
  if (!fs.existsSync(file)) {
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  const bytes = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')
  if (bytes.length !== 32) throw new Error(`${file} does not hold a 32-byte key`)
  return bytes
}
