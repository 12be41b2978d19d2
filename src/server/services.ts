import type { Context } from 'hono'
import type { Passwords } from './auth/passwords'
import type { SessionPolicy } from './auth/tokens'
import type { Db } from './db/open'
import type { EventsHub } from './events'
import type { Throttle } from './http/throttle'
import type { Logger } from './log'
import type { Mailer } from './mail'

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
  clientAddress(c: Context): string
  /** Fans record changes and device status out to open event streams. */
  hub: EventsHub
  /** How long sessions last, remembered or not. */
  sessions: SessionPolicy
  /** Origin of the console in links sent by mail and OAuth redirects (`linkOrigin`). */
  publicUrl?: string
}
