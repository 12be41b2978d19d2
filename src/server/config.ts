import { EMAIL_PATTERN } from '../contract/validation'
import { oauthFromEnv } from './auth/oauth-config'
import { DEFAULT_SESSIONS, type SessionPolicy } from './auth/tokens'
import type { ServerOptions } from './server'
import { parseTunnelDomain } from './tunnels/addresses'

type Env = Record<string, string | undefined>

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)

function integer(env: Env, name: string, fallback?: number): number | undefined {
  const value = nonEmpty(env[name])
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`)
  return Number(value)
}

/** A switch: `1` or `true` turns it on, unset, `0` or `false` leaves it off. */
function flag(env: Env, name: string): boolean {
  const value = nonEmpty(env[name])?.toLowerCase()
  if (value === undefined || value === '0' || value === 'false') return false
  if (value === '1' || value === 'true') return true
  throw new Error(`${name} takes 1 or 0, got "${value}"`)
}

/** `TRUST_PROXY`: a number of proxy hops, or true (one) and false (none). */
function trustProxy(env: Env): number {
  const value = nonEmpty(env.TRUST_PROXY)?.toLowerCase()
  if (value === undefined || value === 'false') return 0
  if (value === 'true') return 1
  return integer(env, 'TRUST_PROXY') ?? 0
}

/** `CORS_ORIGINS`: comma-separated origins such as `https://console.example.com`. */
function corsOrigins(env: Env): string[] {
  return (nonEmpty(env.CORS_ORIGINS) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : undefined
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
        throw new Error(`CORS_ORIGINS takes origins like https://console.example.com, got "${entry}"`)
      }
      return url.origin
    })
}

/** `DATABASE_URL`: a PostgreSQL server (`postgres://` or `postgresql://`); unset keeps SQLite in DATA_DIR. */
function databaseUrl(env: Env): string | undefined {
  const value = nonEmpty(env.DATABASE_URL)
  if (value !== undefined && !/^postgres(ql)?:\/\/./.test(value)) {
    throw new Error('DATABASE_URL takes a PostgreSQL address like postgres://console:secret@db.example.com:5432/console')
  }
  return value
}

/** `CONTACT_EMAIL`: one address, checked as the forms check one. */
function contactEmail(env: Env): string | undefined {
  const value = nonEmpty(env.CONTACT_EMAIL)
  if (value !== undefined && !EMAIL_PATTERN.test(value)) throw new Error(`CONTACT_EMAIL takes one address like sales@example.com, got "${value}"`)
  return value
}

function sessions(env: Env): SessionPolicy {
  const { remembered, short } = DEFAULT_SESSIONS
  const minutes = (name: string, fallback: number) => (integer(env, name) ?? fallback / 60) * 60
  return {
    remembered: {
      idleSeconds: minutes('SESSION_IDLE_MINUTES', remembered.idleSeconds),
      maxSeconds: minutes('SESSION_MAX_MINUTES', remembered.maxSeconds),
    },
    short: {
      idleSeconds: minutes('SHORT_SESSION_IDLE_MINUTES', short.idleSeconds),
      maxSeconds: minutes('SHORT_SESSION_MAX_MINUTES', short.maxSeconds),
    },
  }
}

/** `PUBLIC_URL` as an origin with no trailing slash; throws on anything but an http(s) URL. */
function parsePublicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got "${value}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http(s) URL, got "${value}"`)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** The server's options from environment variables (README lists them). */
export function optionsFromEnv(env: Env): ServerOptions {
  const flavour = env.CONSOLE_FLAVOUR === 'preact' ? 'preact' : 'react'
  return {
    port: integer(env, 'PORT', 8080),
    hostname: nonEmpty(env.HOST),
    dataDir: nonEmpty(env.DATA_DIR) ?? 'data',
    databaseUrl: databaseUrl(env),
    poolSize: integer(env, 'DATABASE_POOL_SIZE'),
    staticDir: nonEmpty(env.STATIC_DIR) ?? `dist/${flavour}`,
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    publicUrl: parsePublicUrl(nonEmpty(env.PUBLIC_URL)),
    corsOrigins: corsOrigins(env),
    trustProxy: trustProxy(env),
    sessions: sessions(env),
    apiHost: nonEmpty(env.API_HOST),
    tunnelDomain: parseTunnelDomain(env.TUNNEL_DOMAIN),
    adminEmail: nonEmpty(env.ADMIN_EMAIL),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    scryptCost: integer(env, 'SCRYPT_COST'),
    offlineAfterS: integer(env, 'OFFLINE_AFTER_S'),
    alertsEveryMs: integer(env, 'ALERTS_EVERY_MS'),
    loopDelayWarnMs: integer(env, 'LOOP_DELAY_WARN_MS'),
    alertMailsPerHour: integer(env, 'ALERT_MAILS_PER_HOUR'),
    contactEmail: contactEmail(env),
    contactMailsPerHour: integer(env, 'CONTACT_MAILS_PER_HOUR'),
    webhooksAllowPrivate: flag(env, 'WEBHOOKS_ALLOW_PRIVATE'),
    webhookSecretKey: nonEmpty(env.WEBHOOK_SECRET_KEY),
    oauth: oauthFromEnv(env),
  }
}
