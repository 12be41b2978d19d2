import { Link, useLocation } from 'wouter'
import { useT } from '../../ui/use-t'
import s from './alerts.module.css'

/** The pages of the alerts, as tabs over each; a page joins by adding its path and text. */
export const ALERT_PAGES = [
  { path: '/alerts', text: 'alerts.navAlerts' },
  { path: '/alerts/rules', text: 'alerts.navRules' },
] as const

/** Links between the alerts and their rules (the menu has one entry for both). */
export function AlertsNav() {
  const t = useT()
  const [location] = useLocation()
  const here = location.replace(/\/+$/, '')
  return (
    <nav className={s.nav} aria-label={t('alerts.nav')}>
      {ALERT_PAGES.map((page) => (
        <Link key={page.path} href={page.path} className={s.tab} aria-current={here === page.path ? 'page' : undefined}>
          {t(page.text)}
        </Link>
      ))}
    </nav>
  )
}
