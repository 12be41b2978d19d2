import { oauthFromEnv } from './auth/oauth-config'
import type { ServerOptions } from './server'

type Env = Record<string, string | undefined>

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)

function integer(env: Env, name: string, fallback?: number): number | undefined {
  const value = nonEmpty(env[name])
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`)
  return Number(value)
}

/** The server's options from environment variables (README lists them). */
export function optionsFromEnv(env: Env): ServerOptions {
  const flavour = env.CONSOLE_FLAVOUR === 'preact' ? 'preact' : 'react'
  return {
    port: integer(env, 'PORT', 8080),
    hostname: nonEmpty(env.HOST),
    dataDir: nonEmpty(env.DATA_DIR) ?? 'data',
    staticDir: nonEmpty(env.STATIC_DIR) ?? `dist/${flavour}`,
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    publicUrl: nonEmpty(env.PUBLIC_URL),
    apiHost: nonEmpty(env.API_HOST),
    adminEmail: nonEmpty(env.ADMIN_EMAIL),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    scryptCost: integer(env, 'SCRYPT_COST'),
    oauth: oauthFromEnv(env),
  }
}
