import { useStore } from '@nanostores/react'
import { Link, useLocation } from 'wouter'
import type { Right } from '../../contract/rights'
import { $session } from '../../stores/session'
import { useT } from '../../ui/use-t'
import s from './alerts.module.css'
import './texts'

/** The pages of the alerts, as tabs over each; a page joins by adding its path and text. */
export const ALERT_PAGES: readonly { path: string; text: string; right?: Right }[] = [
  { path: '/alerts', text: 'alerts.navAlerts' },
  { path: '/alerts/rules', text: 'alerts.navRules' },
  // Its screen takes `alerts`; holders of `devices` alone read webhooks through the API only.
  { path: '/alerts/webhooks', text: 'alerts.navWebhooks', right: 'alerts' },
]

/** Links between the alerts, their rules and the webhooks the rules call. */
export function AlertsNav() {
  const t = useT()
  const [location] = useLocation()
  const rights = useStore($session).user?.rights ?? []
  const here = location.replace(/\/+$/, '')
  return (
    <nav className={s.nav} aria-label={t('alerts.nav')}>
      {ALERT_PAGES.filter((page) => !page.right || rights.includes(page.right)).map((page) => (
        <Link key={page.path} href={page.path} className={s.tab} aria-current={here === page.path ? 'page' : undefined}>
          {t(page.text)}
        </Link>
      ))}
    </nav>
  )
}
