import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect } from 'react'
import { $network, $unreachable } from '../../stores/reach'
import { $offline, $session } from '../../stores/session'
import { $presence, PRESENCES, setPresence, type Presence } from '../../stores/ui'
import { Dropdown } from '../../ui/dropdown'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import s from './presence-menu.module.css'

/** Shows the choice at once and saves it for the user's other devices; the saving code loads on first use. */
function choosePresence(presence: Presence): void {
  setPresence(presence)
  // Without the link the choice stays on this screen; it is not an error to raise.
  void import('../../features/profile/profile-api').then(({ savePresence }) => savePresence(presence), () => undefined)
}

const Dot = ({ presence }: { presence: Presence }) => <span className={clsx(s.dot, s[presence])} aria-hidden="true" />

/**
 * The user's presence status (online, idle, bussy, offline) and the menu that changes it. Cut off
 * from the server (no network, or the server out of reach), the user is offline to everyone else,
 * and it says so until the link is back, whatever was chosen.
 */
export function PresenceMenu() {
  const t = useT()
  const chosen = useStore($presence)
  const network = useStore($network)
  const unreachable = useStore($unreachable)
  const offline = useStore($offline)
  const presence: Presence = !network || unreachable || offline ? 'offline' : chosen
  // The server keeps the user's choice: whenever the user is read (sign-in, sync), it shows here.
  const saved = useStore($session).user?.presence
  useEffect(() => {
    if (saved) setPresence(saved)
  }, [saved])
  const labelOf = (value: Presence) => t(`shell.presence.${value}`)
  return (
    <Dropdown
      label={t('shell.status', { status: labelOf(presence) })}
      align="start"
      className={s.root}
      buttonClassName={s.button}
      button={
        <>
          <Dot presence={presence} />
          <span>{labelOf(presence)}</span>
          <Icon name="chevron-down" size={16} />
        </>
      }
      items={PRESENCES.map((value) => ({
        key: value,
        checked: value === chosen,
        onSelect: () => choosePresence(value),
        label: (
          <>
            <Dot presence={value} />
            {labelOf(value)}
          </>
        ),
      }))}
    />
  )
}
