import { inspect } from 'node:util'
import type { Passwords } from './auth/passwords'
import type { SessionPolicy } from './auth/tokens'
import type { Db } from './db/open'
import type { EventsHub } from './events'
import type { Throttle } from './http/throttle'
import type { Mailer } from './mail'

export interface Logger {
  info(line: string): void
  error(line: string, error?: unknown): void
}

const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** `text` on one line, its controls, line separators and bidi overrides escaped: a request cannot forge a log line. */
export const oneLine = (text: string) =>
  text.replace(CONTROLS, (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** Every entry is one line: what a request said (a path, an address) and an error's stack alike. */
export const consoleLogger: Logger = {
  info: (line) => console.log(oneLine(line)),
  error: (line, error) => console.error(oneLine(error === undefined ? line : `${line} ${inspect(error, { breakLength: Infinity })}`)),
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
  /** Fans record changes and device status out to open event streams. */
  hub: EventsHub
  /** How long sessions last, remembered or not. */
  sessions: SessionPolicy
  /** Origin of the console in links sent by mail and OAuth redirects (`linkOrigin`). */
  publicUrl?: string
}
