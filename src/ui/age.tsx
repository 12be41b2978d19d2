import { useSyncExternalStore } from 'react'
import { useT } from './use-t'

/** The clock every age on screen reads; ticks once a second while one is shown. */
let now = Date.now()
let timer: ReturnType<typeof setInterval> | undefined
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (listeners.size === 1) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const each of listeners) each()
    }, 1000)
  }
  return () => {
    listeners.delete(listener)
    if (!listeners.size) clearInterval(timer)
  }
}

const readNow = () => now

const UNITS = [
  { key: 'days', ms: 86_400_000 },
  { key: 'hours', ms: 3_600_000 },
  { key: 'minutes', ms: 60_000 },
  { key: 'seconds', ms: 1000 },
] as const

/** A locale key and count for `ms` from now: `time.seconds` (ago) or `time.inDays` (ahead). */
export function ageParts(ms: number): { key: string; n: number } {
  const ahead = ms < 0
  const span = Math.abs(ms)
  if (span < 5000) return { key: 'time.now', n: 0 }
  const unit = UNITS.find((candidate) => span >= candidate.ms) ?? UNITS[3]
  const n = Math.floor(span / unit.ms)
  return { key: ahead ? `time.in${unit.key[0]!.toUpperCase()}${unit.key.slice(1)}` : `time.${unit.key}`, n }
}

/**
 * "12 s ago" or "in 5 d", kept current. Each one listens to the shared clock, so a tick renders
 * these few words again, not the table around them.
 */
export function Age({ at, className }: { at: string | null; className?: string }) {
  const t = useT()
  const tick = useSyncExternalStore(subscribe, readNow, readNow)
  if (!at) return <span className={className}>{t('time.never')}</span>
  // While no clock runs yet the last tick may be minutes old.
  const parts = ageParts((listeners.size ? tick : Date.now()) - Date.parse(at))
  return (
    <time className={className} dateTime={at} title={new Date(at).toLocaleString()}>
      {t(parts.key, { n: parts.n })}
    </time>
  )
}
