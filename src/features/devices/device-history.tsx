import { useEffect, useState } from 'react'
import { DEFAULT_HISTORY_RANGE, HISTORY_RANGES } from '../../contract/device-history'
import type { DeviceSample } from '../../contract/devices'
import { messageText } from '../../lib/i18n'
import '../../ui/device-texts'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { deviceHistory } from './devices-api'
import { formatBytes, formatNumber } from '../../ui/numbers'
import { Sparkline } from './sparkline'
import { pointsOf } from './sparkline-data'
import card from './device-screen.module.css'

/** While heartbeats arrive, the history is read again at most this often. */
export const HISTORY_REFRESH_MS = 60_000

type History = { status: 'loading' | 'ready' | 'error'; samples: DeviceSample[]; at: number; message: string }

/** The last day of a device's latency and traffic as three sparklines, refreshed as it reports. */
export function DeviceHistory({ id, lastSeen }: { id: string; lastSeen: string | null }) {
  const t = useT()
  const [history, setHistory] = useState<History>({ status: 'loading', samples: [], at: Date.now(), message: '' })
  // A new minute of heartbeats is a reason to read again; each one of them is not.
  const tick = lastSeen ? Math.floor(Date.parse(lastSeen) / HISTORY_REFRESH_MS) : 0

  useEffect(() => {
    const controller = new AbortController()
    void deviceHistory(id, DEFAULT_HISTORY_RANGE, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setHistory((old) =>
        result.ok
          ? { status: 'ready', samples: result.data, at: Date.now(), message: '' }
          : { ...old, status: old.status === 'ready' ? 'ready' : 'error', message: result.message },
      )
    })
    return () => controller.abort()
  }, [id, tick])

  const range = HISTORY_RANGES[DEFAULT_HISTORY_RANGE]
  const span = { from: history.at - range.ms, to: history.at, gapMs: 2 * range.bucketMs }
  const ms = (n: number) => t('devices.history.ms', { n: formatNumber(n) })
  return (
    <section className={card.card} aria-labelledby="device-history">
      <h3 id="device-history" className={card.cardTitle}>
        {t('devices.history.title')}
      </h3>
      {history.status === 'loading' && <Spinner label={t('devices.history.loading')} />}
      {history.status === 'error' && <p className={card.muted}>{messageText(history.message)}</p>}
      {history.status === 'ready' && history.samples.length === 0 && <p className={card.muted}>{t('devices.history.empty')}</p>}
      {history.status === 'ready' && history.samples.length > 0 && (
        <>
          <div className={card.charts}>
            <Sparkline label={t('devices.history.latency')} points={pointsOf(history.samples, 'latency_ms')} format={ms} tone="info" {...span} />
            <Sparkline label={t('devices.history.bytesIn')} points={pointsOf(history.samples, 'bytes_in')} format={formatBytes} {...span} />
            <Sparkline label={t('devices.history.bytesOut')} points={pointsOf(history.samples, 'bytes_out')} format={formatBytes} tone="secondary" {...span} />
          </div>
          <p className={card.muted}>{t('devices.history.buckets', { minutes: range.bucketMs / 60_000 })}</p>
        </>
      )}
    </section>
  )
}
