import { useState } from 'react'
import type { AlertMute } from '../../contract/alerts'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import { formatDateTime } from '../../ui/date-time'
import { useT } from '../../ui/use-t'
import { removeMute } from './alerts-api'
import type { Loaded } from './use-alerts'
import s from './alerts.module.css'

/** What a mute holds back, in words: its rule, its device, or both. */
const nameOf = (mute: AlertMute) => [mute.rule_name, mute.device_name].filter(Boolean).join(' · ') || mute.id

/** The mutes in force, each with its end and, for those who may, the way to lift it. */
export function MuteList({ mutes, canUnmute, onChanged }: { mutes: Loaded<AlertMute[]>; canUnmute: boolean; onChanged: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState<string | null>(null)
  const unmute = async (mute: AlertMute) => {
    setBusy(mute.id)
    const result = await removeMute(mute.id)
    setBusy(null)
    // Already lifted (or ended) is what the user wanted too.
    if (result.ok || result.status === 404) notify('success', 'alerts.unmuted')
    else notify('error', result.message)
    onChanged()
  }
  const rows = mutes.data ?? []
  return (
    <section className={s.card} aria-labelledby="alert-mutes">
      <h3 id="alert-mutes" className={s.cardTitle}>
        {t('alerts.mutes')}
      </h3>
      {mutes.status === 'error' && <p className={s.muted}>{messageText(mutes.message)}</p>}
      {mutes.status === 'ready' && rows.length === 0 && <p className={s.muted}>{t('alerts.noMutes')}</p>}
      {rows.length > 0 && (
        <ul className={s.mutes}>
          {rows.map((mute) => (
            <li key={mute.id} className={s.mute}>
              <span>
                {mute.rule_name && <span className={s.subject}>{t('alerts.mutedRule', { name: mute.rule_name })} </span>}
                {mute.device_name && <span className={s.subject}>{t('alerts.mutedDevice', { name: mute.device_name })} </span>}
                <span className={s.note}>
                  {t('alerts.mutedUntil', { time: formatDateTime(mute.until) })}
                  {mute.note && ` · ${mute.note}`}
                </span>
              </span>
              {canUnmute && (
                <Button variant="text" busy={busy === mute.id} aria-label={t('alerts.unmuteOf', { name: nameOf(mute) })} onClick={() => void unmute(mute)}>
                  {t('alerts.unmute')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
