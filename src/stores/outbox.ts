// Writes that found no link. Each waits here (and in local storage, so a reload or a reboot keeps
// it) until the link returns, then goes with the `Idempotency-Key` of its first try: if that try
// did reach the server, the server answers with its first answer and nothing happens twice. The
// operator sees each one pending, then sent or refused with the server's reason (a record changed
// meanwhile is refused by its version check, never overwritten). The entries themselves are in
// outbox-entries.ts, which the shell loads first.
import { call, type Result } from '../api/client'
import { keepUnsentWith } from '../api/collection'
import { onClear, writeItem } from '../lib/storage'
import { $outbox, OUTBOX_KEY, type Unsent } from './outbox-entries'
import { keptScope } from './session'

export { $outbox, unsentCount, type Unsent } from './outbox-entries'

/** How often pending writes are tried again while the link stays down. */
export const OUTBOX_RETRY_MS = 15_000

function save(entries: Unsent[]) {
  $outbox.set(entries)
  writeItem(OUTBOX_KEY, JSON.stringify(entries))
}

let timer: ReturnType<typeof setTimeout> | undefined
let flushing: Promise<void> | undefined
/** Counts the wipes of local storage (a sign-out): a flush begun before one writes nothing back. */
let wipes = 0

onClear(() => {
  wipes++
  clearTimeout(timer)
  timer = undefined
})

function retryLater() {
  if (timer || typeof window === 'undefined') return
  timer = setTimeout(() => {
    timer = undefined
    void flushOutbox()
  }, OUTBOX_RETRY_MS)
}

/**
 * Keeps a write that found no link. A newer write to the same record takes the place of a pending
 * one, so the record ends as the operator last left it.
 */
export function keepUnsent(entry: Omit<Unsent, 'scope' | 'state' | 'at'>): void {
  // A save answered after its user signed out is theirs no more: nothing keeps it.
  const scope = keptScope()
  if (!scope) return
  const others = $outbox.get().filter((item) => !(item.state === 'pending' && item.method === entry.method && item.path === entry.path))
  save([...others, { ...entry, scope, state: 'pending', at: Date.now() }])
  retryLater()
}

/** Sends the pending writes of this user and organization, in the order they were made. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    const scope = keptScope()
    const wiped = wipes
    for (const entry of $outbox.get()) {
      if (entry.state !== 'pending' || entry.scope !== scope) continue
      const result: Result<unknown> = await call(entry.method, entry.path, { body: entry.body, idempotencyKey: entry.key })
      if (wipes !== wiped) break
      if (!result.ok && (result.status === 0 || result.status >= 500 || result.status === 429)) {
        retryLater()
        break
      }
      const next = $outbox.get().map((item) =>
        item.key === entry.key ? { ...item, state: result.ok ? ('sent' as const) : ('refused' as const), reason: result.ok ? undefined : result.message } : item,
      )
      save(next)
    }
  })().finally(() => {
    flushing = undefined
  })
  return flushing
}

/** Forgets the writes that are done (sent or refused), once the operator has seen them. */
export function clearDone(): void {
  save($outbox.get().filter((item) => item.state === 'pending'))
}

keepUnsentWith(keepUnsent)

/** Sends what waits whenever the link comes back, and once now. */
export function watchOutbox(): () => void {
  const again = () => void flushOutbox()
  window.addEventListener('online', again)
  if ($outbox.get().some((item) => item.state === 'pending')) again()
  return () => window.removeEventListener('online', again)
}
