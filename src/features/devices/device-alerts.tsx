import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { Alert } from '../../contract/alerts'
import { messageText } from '../../lib/i18n'
import { live } from '../../stores/live'
import { Age } from '../../ui/age'
import '../../ui/console-texts'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import './device-alerts-texts'
import { deviceAlerts } from './device-alerts-api'
import s from './device-alerts.module.css'

/** The firing alerts the section lists at most, and the ended ones after them. */
export const FIRING_SHOWN = 10
export const RESOLVED_SHOWN = 5

type Alerts = { status: 'loading' | 'ready' | 'error'; firing: Alert[]; resolved: Alert[]; message: string }

/**
 * The device's alerts: firing first, then the last few that ended; live, so an alert shows as it
 * fires. Whoever may open a device may read its alerts.
 */
export function DeviceAlerts({ deviceId }: { deviceId: string }) {
  const t = useT()
  const [alerts, setAlerts] = useState<Alerts>({ status: 'loading', firing: [], resolved: [], message: '' })
  const [round, setRound] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    void Promise.all([deviceAlerts(deviceId, 'firing', FIRING_SHOWN, controller.signal), deviceAlerts(deviceId, 'resolved', RESOLVED_SHOWN, controller.signal)]).then(
      ([firing, resolved]) => {
        if (controller.signal.aborted) return
        if (firing.ok && resolved.ok) return setAlerts({ status: 'ready', firing: firing.data, resolved: resolved.data, message: '' })
        const failed = !firing.ok ? firing : !resolved.ok ? resolved : undefined
        setAlerts((old) => ({ ...old, status: 'error', message: failed?.message ?? '' }))
      },
    )
    return () => controller.abort()
  }, [deviceId, round])

  useEffect(() => live.listen((event) => (event.type === 'reset' || (event.type === 'change' && event.data.collection === 'alerts')) && setRound((n) => n + 1)), [])

  const rows = [...alerts.firing, ...alerts.resolved]
  return (
    <section className={s.card} aria-labelledby="device-alerts">
      <div className={s.head}>
        <h3 id="device-alerts" className={s.cardTitle}>
          {t('deviceAlerts.title')}
        </h3>
        <Link href="/alerts" className={s.all}>
          {t('deviceAlerts.all')}
        </Link>
      </div>
      {alerts.status === 'loading' && <Spinner label={t('deviceAlerts.loading')} />}
      {alerts.status === 'error' && <p className={s.muted}>{messageText(alerts.message)}</p>}
      {alerts.status === 'ready' && rows.length === 0 && <p className={s.muted}>{t('deviceAlerts.none')}</p>}
      {rows.length > 0 && (
        <ul className={s.list}>
          {rows.map((alert) => (
            <li key={alert.id} className={s.alert} data-state={alert.state}>
              <span className={s.rule}>{alert.rule_name}</span>
              <span className={s.state}>
                <span className={s.dot} aria-hidden="true" />
                {t(alert.state === 'firing' ? 'deviceAlerts.firing' : 'deviceAlerts.resolved')}
              </span>
              <span className={s.when}>
                {t(`deviceAlerts.conditions.${alert.condition}`)} · {t('deviceAlerts.since')} <Age at={alert.fired_at} />
                {alert.resolved_at && (
                  <>
                    {' · '}
                    {t('deviceAlerts.ended')} <Age at={alert.resolved_at} />
                  </>
                )}
                {alert.acked_at && ` · ${t('deviceAlerts.acked', { name: alert.acked_by ?? '' })}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
