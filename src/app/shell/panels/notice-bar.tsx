import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useRef } from 'react'
import { messageText } from '../../../lib/i18n'
import { $notice, closeNotice, holdNotice, type NoticeVariant } from '../../../stores/notices'
import { Icon, type IconName } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import s from './notice-bar.module.css'

const ICONS: Record<NoticeVariant, IconName> = {
  success: 'check',
  info: 'bell',
  warning: 'bell',
  error: 'bell',
}

/**
 * The notification bar: what went wrong is announced at once (alert), the rest politely (status).
 * It stays while the pointer or the focus is on it, and its button closes it.
 */
export function NoticeBar() {
  const t = useT()
  const notice = useStore($notice)
  const holders = useRef({ pointer: false, focus: false })
  const hold = (by: 'pointer' | 'focus', on: boolean) => {
    holders.current[by] = on
    holdNotice(holders.current.pointer || holders.current.focus)
  }
  // A new notice is a new bar: the focus is not on it yet (the pointer may be); none, nothing is.
  useEffect(() => {
    holders.current = { pointer: notice ? holders.current.pointer : false, focus: false }
  }, [notice?.id])
  if (!notice) return null
  const urgent = notice.variant === 'error' || notice.variant === 'warning'
  return (
    <div className={s.region}>
      <div
        key={notice.id}
        role={urgent ? 'alert' : 'status'}
        className={clsx(s.bar, s[notice.variant])}
        onMouseEnter={() => hold('pointer', true)}
        onMouseLeave={() => hold('pointer', false)}
        onFocus={() => hold('focus', true)}
        onBlur={() => hold('focus', false)}
      >
        <span className={s.icon} aria-hidden="true">
          <Icon name={ICONS[notice.variant]} />
        </span>
        <p className={s.message}>{messageText(notice.message)}</p>
        <button type="button" className={s.close} aria-label={t('notices.close')} onClick={closeNotice}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </div>
  )
}
