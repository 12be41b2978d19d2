import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useLocation } from 'wouter'
import { $session } from '../../../stores/session'
import { signOut } from '../../../stores/sign-out'
import { $ui, toggleMode } from '../../../stores/ui'
import { Icon, type IconName } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import { openGuide, openSettings } from '../panels/panel-state'
import s from './header.module.css'
import { LanguageMenu } from './language-menu'
import { useFullscreen } from './use-fullscreen'

function Action({ icon, label, onClick, className }: { icon: IconName; label: string; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={clsx(s.iconButton, className)} aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  )
}

/** Full screen, light or dark, the guide, the settings, sign-out and the language. */
export function HeaderActions({ className }: { className?: string }) {
  const t = useT()
  const dark = useStore($ui).type === 'dark'
  const { loggedIn, loading } = useStore($session)
  const [full, toggleFull] = useFullscreen()
  const [, navigate] = useLocation()
  // With changes not yet sent, signOut asks first (the sign-out dialog) and answers false.
  const onSignOut = async () => {
    if (await signOut()) navigate('~/')
  }
  return (
    <div className={clsx(s.actions, className)}>
      <Action
        icon={full ? 'fullscreen-exit' : 'fullscreen'}
        label={full ? t('header.exitFullScreen') : t('header.fullScreen')}
        onClick={toggleFull}
        className={s.wide}
      />
      <Action icon={dark ? 'sun' : 'moon'} label={dark ? t('header.turnLight') : t('header.turnDark')} onClick={toggleMode} />
      <Action icon="help" label={t('header.showGuide')} onClick={openGuide} />
      <Action icon="palette" label={t('header.settings')} onClick={openSettings} />
      <LanguageMenu />
      {loggedIn && (
        <button type="button" className={s.signOut} disabled={loading} onClick={() => void onSignOut()}>
          <Icon name="logout" />
          <span className={s.signOutText}>{t('header.signOut')}</span>
        </button>
      )}
    </div>
  )
}
