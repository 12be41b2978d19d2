import { useStore } from '@nanostores/react'
import { Link, useLocation } from 'wouter'
import type { Right } from '../contract/rights'
import { $session } from '../stores/session'
import { useT } from './use-t'
import s from './alerts-nav.module.css'

/**
 * The pages of the alerts, as tabs over each; a page joins by adding its path and text. The
 * texts are the console's page titles, so a screen showing the tabs loads no other texts for them.
 */
export const ALERT_PAGES: readonly { path: string; text: string; right?: Right }[] = [
  { path: '/alerts', text: 'titles.alerts' },
  { path: '/alerts/rules', text: 'titles.rules' },
  // Its screen takes `alerts`; holders of `devices` alone read webhooks through the API only.
  { path: '/alerts/webhooks', text: 'menu.webhooks', right: 'alerts' },
]

/** Links between the alerts, their rules and the webhooks the rules call. */
export function AlertsNav() {
  const t = useT()
  const [location] = useLocation()
  const rights = useStore($session).user?.rights ?? []
  const here = location.replace(/\/+$/, '')
  return (
    <nav className={s.nav} aria-label={t('menu.alerts')}>
      {ALERT_PAGES.filter((page) => !page.right || rights.includes(page.right)).map((page) => (
        <Link key={page.path} href={page.path} className={s.tab} aria-current={here === page.path ? 'page' : undefined}>
          {t(page.text)}
        </Link>
      ))}
    </nav>
  )
}
