import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { Link } from 'wouter'
import type { Right } from '../../contract/rights'
import { SUMMARY_ADDED_DAYS, SUMMARY_EXPIRY_DAYS, type Summary } from '../../contract/summary'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import { $session } from '../../stores/session'
import { Age } from '../../ui/age'
import { Button, buttonClass } from '../../ui/button'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import './texts'
import { SUMMARY_RIGHTS, useSummary } from './use-summary'
import s from './home-tiles.module.css'

export interface Tile {
  key: string
  /** Inside `/app`: the list narrowed to what the tile counts. */
  href: string
  figure: number
  /** Out of how many, when that says more than the figure alone. */
  of?: number
  /** Marks a figure above zero that asks for someone's attention. */
  alert?: boolean
  /** The figure is a share (0.7 for 70 %), not a count. */
  share?: boolean
  /** What the label names (the plan). */
  name?: string
  /** Used of each limit, under the label. */
  parts?: { key: 'devices' | 'tunnels' | 'traffic'; used: number; limit: number }[]
  /** Devices added lately, under the label (the provisioning tile). */
  added?: number
  /** A second link under the figure: the way to act on what the tile counts. */
  action?: { key: string; href: string }
}

const GB = 1_000_000_000
/** From this share of a limit on, the usage tile asks for attention. */
export const USAGE_ALERT = 0.9

/** The tiles `summary` holds figures for, of those the `rights` allow, in the order shown. */
export function tilesOf(summary: Summary, rights: readonly Right[]): Tile[] {
  const tiles: Tile[] = []
  if (summary.devices && rights.includes('devices')) {
    const { online, offline, error } = summary.devices
    tiles.push(
      { key: 'online', href: '/devices?status=online', figure: online },
      // Disabled devices are offline by choice: the tile counts, and its list shows, the others.
      { key: 'offline', href: '/devices?status=offline&enabled=true', figure: offline, alert: offline > 0 },
      { key: 'error', href: '/devices?status=error', figure: error, alert: error > 0 },
      // Provisioning: devices added and not heard from yet, and how to add one.
      {
        key: 'provisioning',
        href: '/devices?status=provisioning&enabled=true',
        figure: summary.devices.provisioning,
        added: summary.devices.added_7d ?? 0,
        action: { key: 'addDevice', href: '/devices?new=1' },
      },
    )
    // Devices waiting for someone's approval: shown only while there are some.
    const pending = summary.devices.pending ?? 0
    if (pending > 0) tiles.push({ key: 'pending', href: '/devices?status=pending', figure: pending, alert: true })
  }
  if (summary.alerts && (rights.includes('alerts') || rights.includes('devices'))) {
    tiles.push({ key: 'alerts', href: '/alerts', figure: summary.alerts.firing, alert: summary.alerts.firing > 0 })
  }
  if (summary.tunnels && rights.includes('tunnels')) tiles.push({ key: 'tunnels', href: '/tunnels', figure: summary.tunnels.up, of: summary.tunnels.total })
  if (summary.access_keys && rights.includes('access_keys')) {
    // The keys list with the same question asked: live keys ending within the days.
    const href = `/access_keys?expiry=within_${SUMMARY_EXPIRY_DAYS}&revoked=false`
    tiles.push({ key: 'keys', href, figure: summary.access_keys.expiring, alert: summary.access_keys.expiring > 0 })
  }
  if (summary.app_ids && rights.includes('app_ids')) tiles.push({ key: 'appIds', href: '/app_ids', figure: summary.app_ids.total })
  if (summary.billing && rights.includes('billing')) {
    const { plan, limits, usage } = summary.billing
    const parts = [
      { key: 'devices' as const, used: usage.devices, limit: limits.devices },
      { key: 'tunnels' as const, used: usage.tunnels, limit: limits.tunnels },
      { key: 'traffic' as const, used: usage.traffic_bytes / GB, limit: limits.traffic_bytes / GB },
    ]
    // The limit closest to being reached tells how full the plan is.
    const share = Math.max(...parts.map((part) => (part.limit > 0 ? part.used / part.limit : 0)))
    tiles.push({ key: 'usage', href: '/billing', figure: share, share: true, alert: share >= USAGE_ALERT, name: plan.charAt(0).toUpperCase() + plan.slice(1), parts })
  }
  return tiles
}

const formats = new Map<string, Intl.NumberFormat>()
const formatted = (n: number, style: 'decimal' | 'percent' = 'decimal') => {
  const key = `${$locale.get()} ${style}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.NumberFormat($locale.get(), { style, maximumFractionDigits: style === 'percent' ? 0 : 1 })))
  return format.format(n)
}
const count = (n: number) => formatted(n)

/**
 * The fleet at a glance: devices online, offline and in error, tunnels up, keys about to expire,
 * app ids; each tile only with its right, with the age of its figure, current through the events
 * stream, and a link to the list of what it counts.
 */
export default function HomeTiles() {
  const t = useT()
  useStore($locale)
  const { user, loggedIn, loading } = useStore($session)
  // Nothing is asked once a sign-out starts, so no request leaves with a token about to end.
  const rights = loggedIn && !loading ? (user?.rights ?? []).filter((right) => SUMMARY_RIGHTS.includes(right)) : []
  const { status, summary, message, retry } = useSummary(rights)
  if (!rights.length) return null
  const tiles = summary ? tilesOf(summary, rights) : []
  return (
    <section className={s.tiles} aria-labelledby="home-tiles" aria-busy={status === 'loading'}>
      <h3 id="home-tiles" className={s.title}>
        {t('homeTiles.title')}
      </h3>
      {status === 'error' && (
        <p className={s.muted} role="alert">
          {messageText(message)}{' '}
          <Button variant="text" onClick={retry}>
            {t('homeTiles.retry')}
          </Button>
        </p>
      )}
      {tiles.length > 0 && (
        <ul role="list" className={s.grid}>
          {tiles.map((tile) => (
            <li key={tile.key} className={clsx(s.tile, tile.alert && s.alert)}>
              <Link href={tile.href} className={s.link}>
                <span className={s.figure}>
                  {formatted(tile.figure, tile.share ? 'percent' : 'decimal')}
                  {tile.of !== undefined && <span className={s.of}> {t('homeTiles.of', { total: count(tile.of) })}</span>}
                </span>{' '}
                <span className={s.label}>{t(`homeTiles.${tile.key}`, { days: SUMMARY_EXPIRY_DAYS, plan: tile.name ?? '' })}</span>
              </Link>
              {tile.added !== undefined && <span className={s.muted}>{t('homeTiles.added', { count: count(tile.added), days: SUMMARY_ADDED_DAYS })}</span>}
              {tile.action && (
                <Link href={tile.action.href} className={buttonClass('secondary', false, s.action)}>
                  {t(`homeTiles.${tile.action.key}`)}
                </Link>
              )}
              {tile.parts?.map((part) => (
                <span key={part.key} className={s.muted}>
                  {t(`homeTiles.used.${part.key}`, { used: count(part.used), limit: count(part.limit) })}
                </span>
              ))}
              <Age at={summary!.generated_at} className={s.muted} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
