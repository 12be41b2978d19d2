import { signal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect } from 'react'
import { useT } from './use-t'

/** The clock every age on screen reads; ticks once a second while one is shown. */
const now = signal(Date.now())
let shown = 0
let timer: ReturnType<typeof setInterval> | undefined

function watch(): () => void {
  if (shown++ === 0) {
    now.value = Date.now()
    timer = setInterval(() => (now.value = Date.now()), 1000)
  }
  return () => {
    if (--shown === 0) clearInterval(timer)
  }
}

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
 * "12 s ago" or "in 5 d", kept current. Each one listens to the shared clock signal, so a tick
 * renders these few words again, not the table around them.
 */
export function Age({ at, className }: { at: string | null; className?: string }) {
  useSignals()
  const t = useT()
  useEffect(watch, [])
  if (!at) return <span className={className}>{t('time.never')}</span>
  // Read the signal to follow its ticks, but while no clock runs yet it may be minutes old.
  const tick = now.value
  const parts = ageParts((shown > 0 ? tick : Date.now()) - Date.parse(at))
  return (
    <time className={className} dateTime={at} title={new Date(at).toLocaleString()}>
      {t(parts.key, { n: parts.n })}
    </time>
  )
}
