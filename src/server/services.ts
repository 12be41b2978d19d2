import type { Passwords } from './auth/passwords'
import type { SessionPolicy } from './auth/tokens'
import type { Db } from './db/open'
import type { EventsHub } from './events'
import type { Logger } from './log'
import type { TunnelAddresses } from './tunnels/addresses'
import type { Mailer } from './mail'
import type { ServerKey } from './messages'

/** A request as the edge holds it (Hono's `Context`): the services read its headers and hand it back to the edge. */
export interface RequestContext {
  req: { header(name: string): string | undefined }
  env: unknown
}

/**
 * At most `limit` attempts within a window of `windowMs`, counted per client and what it tries on
 * (`subject`, e.g. an address), or per client alone (`perClient`); or, through `countFor`, per
 * what the caller names whoever the client is, refused with `refusal` (`{{limit}}`, `{{seconds}}`).
 */
export interface Rule {
  name: string
  limit: number
  windowMs: number
  perClient?: true
  refusal?: ServerKey
}

export interface Counted {
  /** Gives the attempts back, e.g. after a successful sign-in, so only failures use up the limit. */
  refund(): Promise<void>
}

export interface Throttle {
  /**
   * Counts one attempt by the caller under each rule before any work is done; throws 429 with
   * `Retry-After` when one is past its limit.
   */
  count(c: RequestContext, rules: readonly Rule[], subject?: string): Promise<Counted>
  /**
   * Counts one use under each rule in turn, keyed by its subject alone (an organization, a
   * webhook) from whichever client or process; past a limit throws 429 with `Retry-After` and that
   * rule's refusal, and the use is given back to the rules before it and never counted by the ones
   * after, so a limit is reached by the uses let through only.
   */
  countFor(uses: readonly { rule: Rule; subject: string }[]): Promise<void>
  /** Deletes the counts whose window has ended. */
  prune(): Promise<void>
}


/** Work that finishes after the answer was sent, e.g. mail, so its duration reveals nothing. */
export interface Background {
  run(work: () => Promise<unknown>): void
  /** Resolves when every started piece of work has settled. */
  idle(): Promise<void>
}

export function createBackground(log: Logger): Background {
  const running = new Set<Promise<unknown>>()
  return {
    run(work) {
      const task = work()
        .catch((error: unknown) => log.error('Background work failed:', error))
        .finally(() => running.delete(task))
      running.add(task)
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}

/** What the routes need; `createApp` receives it so tests can swap any part. */
export interface Services {
  db: Db
  passwords: Passwords
  mailer: Mailer
  background: Background
  log: Logger
  now: () => Date
  /** Counts attempts on the routes a guesser would use. */
  throttle: Throttle
  /** The caller's address as the trusted proxies (`TRUST_PROXY`) tell it; '' when unknown. */
  clientAddress(c: RequestContext): string
  /** Fans record changes and device status out to open event streams. */
  hub: EventsHub
  /** How long sessions last, remembered or not. */
  sessions: SessionPolicy
  /** Origin of the console in links sent by mail and OAuth redirects (`linkOrigin`). */
  publicUrl?: string
  /** Where HTTP tunnels are served (`tunnels/addresses.ts`); `/t/<id>/` alone when absent. */
  tunnelAddresses?: () => TunnelAddresses
}
