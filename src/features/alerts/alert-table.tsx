import { Link } from 'wouter'
import type { Alert } from '../../contract/alerts'
import { Age } from '../../ui/age'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { useAfterPaint } from '../../ui/use-after-paint'
import { useT } from '../../ui/use-t'
import s from './alerts.module.css'

export const deviceHref = (id: string) => `~/app/devices/details?id=${encodeURIComponent(id)}`

export interface AlertActions {
  /** Whether the user may open a device's page; without the right its name is plain text. */
  canOpenDevice: boolean
  /** Acknowledging and muting take the right `alerts`; without them the buttons are not shown. */
  onAck?: (alert: Alert) => void
  onMute?: (alert: Alert) => void
}

/** The device an alert is about, linked to its page; an access key by its name. */
function Subject({ alert, canOpenDevice }: { alert: Alert; canOpenDevice: boolean }) {
  const t = useT()
  if (alert.subject_kind === 'key') return <span className={s.subject}>{t('alerts.keySubject', { name: alert.subject_name })}</span>
  return canOpenDevice ? (
    <Link href={deviceHref(alert.subject_id)} className={s.subject}>
      {alert.subject_name}
    </Link>
  ) : (
    <span className={s.subject}>{alert.subject_name}</span>
  )
}

/** Who acknowledged an alert, with their note, or that nobody has yet. */
function Acked({ alert }: { alert: Alert }) {
  const t = useT()
  if (!alert.acked_at) return <span className={s.note}>{t('alerts.notAcked')}</span>
  return (
    <span>
      <Badge tone="info">{t('alerts.acknowledged')}</Badge> {t('alerts.ackBy', { name: alert.acked_by ?? '' })}
      {alert.ack_note && <q className={s.note}>{alert.ack_note}</q>}
    </span>
  )
}

/** Rows drawn in a table's first frame; the rest (up to a hundred firing alerts) come in the next. */
export const FIRST_FRAME_ROWS = 20

/**
 * A table of alerts: firing ones with how long they have lasted (live) and the acknowledge and
 * mute buttons, or ended ones with when they ended.
 */
export function AlertTable({ alerts, caption, ended, actions }: { alerts: readonly Alert[]; caption: string; ended?: boolean; actions: AlertActions }) {
  const t = useT()
  const all = useAfterPaint()
  const shown = all ? alerts : alerts.slice(0, FIRST_FRAME_ROWS)
  const { onAck, onMute } = actions
  const acting = !ended && Boolean(onAck || onMute)
  return (
    <div className={s.scroll}>
      <table className={s.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('alerts.device')}</th>
            <th scope="col">{t('alerts.rule')}</th>
            <th scope="col">{t('alerts.condition')}</th>
            <th scope="col">{t('alerts.since')}</th>
            {ended && <th scope="col">{t('alerts.ended')}</th>}
            <th scope="col">{t('alerts.notified')}</th>
            <th scope="col">{t('alerts.acknowledged')}</th>
            {acting && <th scope="col">{t('alerts.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {shown.map((alert) => (
            <tr key={alert.id}>
              <td data-label={t('alerts.device')}>
                <Subject alert={alert} canOpenDevice={actions.canOpenDevice} />
              </td>
              <td data-label={t('alerts.rule')}>{alert.rule_name}</td>
              <td data-label={t('alerts.condition')}>
                <Badge tone={ended ? 'muted' : 'error'} hollow={ended}>
                  {t(`alerts.conditions.${alert.condition}`)}
                </Badge>
              </td>
              <td data-label={t('alerts.since')}>
                <Age at={alert.fired_at} />
              </td>
              {ended && (
                <td data-label={t('alerts.ended')}>
                  <Age at={alert.resolved_at} />
                </td>
              )}
              <td data-label={t('alerts.notified')}>{alert.notified_count}</td>
              <td data-label={t('alerts.acknowledged')}>
                <Acked alert={alert} />
              </td>
              {acting && (
                <td data-label={t('alerts.actions')}>
                  <span className={s.actions}>
                    {onAck && !alert.acked_at && (
                      <Button variant="text" aria-label={t('alerts.ackOf', { rule: alert.rule_name, device: alert.subject_name })} onClick={() => onAck(alert)}>
                        {t('alerts.ack')}
                      </Button>
                    )}
                    {onMute && (
                      <Button variant="text" aria-label={t('alerts.muteOf', { rule: alert.rule_name, device: alert.subject_name })} onClick={() => onMute(alert)}>
                        {t('alerts.mute')}
                      </Button>
                    )}
                  </span>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
