import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { messageText } from '../../../lib/i18n'
import { $notice, closeNotice, type NoticeVariant } from '../../../stores/notices'
import { Icon, type IconName } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import s from './notice-bar.module.css'

const ICONS: Record<NoticeVariant, IconName> = {
  success: 'check',
  info: 'bell',
  warning: 'bell',
  error: 'bell',
}

/** The notification bar: what went wrong is announced at once (alert), the rest politely (status). */
export function NoticeBar() {
  const t = useT()
  const notice = useStore($notice)
  if (!notice) return null
  const urgent = notice.variant === 'error' || notice.variant === 'warning'
  return (
    <div className={s.region}>
      <div key={notice.id} role={urgent ? 'alert' : 'status'} className={clsx(s.bar, s[notice.variant])}>
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
