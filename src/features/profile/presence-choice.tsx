import { useStore } from '@nanostores/react'
import { PRESENCES, type Presence } from '../../contract/user'
import { notify } from '../../stores/notices'
import { $presence, setPresence } from '../../stores/ui'
import { ChoiceGroup } from '../../ui/choice-group'
import { useT } from '../../ui/use-t'
import { savePresence } from './profile-api'
import s from './profile-screen.module.css'

/** The presence status, as the sidebar's menu sets it: shown at once, saved for the user's other devices. */
export function PresenceChoice() {
  const t = useT()
  const presence = useStore($presence)
  const choose = async (value: Presence) => {
    setPresence(value)
    const result = await savePresence(value)
    if (result) notify(result.ok ? 'success' : 'error', result.ok ? 'account.presenceSaved' : result.message)
  }
  return (
    <section className={s.card} aria-labelledby="presence-title">
      <h2 id="presence-title" className={s.cardTitle}>
        {t('account.presence')}
      </h2>
      <p className={s.hint}>{t('account.presenceHint')}</p>
      <ChoiceGroup
        legend={t('account.presenceLegend')}
        name="presence"
        choices={PRESENCES.map((value) => ({ value, label: t(`shell.presence.${value}`) }))}
        value={presence}
        onChange={(value) => void choose(value)}
      />
    </section>
  )
}
