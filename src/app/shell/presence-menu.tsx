import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { $presence, PRESENCES, setPresence, type Presence } from '../../stores/ui'
import { Dropdown } from '../../ui/dropdown'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import s from './presence-menu.module.css'

const Dot = ({ presence }: { presence: Presence }) => <span className={clsx(s.dot, s[presence])} aria-hidden="true" />

/** The user's presence status (online, idle, bussy, offline) and the menu that changes it. */
export function PresenceMenu() {
  const t = useT()
  const presence = useStore($presence)
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
        checked: value === presence,
        onSelect: () => setPresence(value),
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
