import { useStore } from '@nanostores/react'
import { useState, type ReactNode } from 'react'
import { useSearchParams } from 'wouter'
import type { Alert } from '../../contract/alerts'
import { messageText } from '../../lib/i18n'
import { $session } from '../../stores/session'
import { AlertsNav } from '../../ui/alerts-nav'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ListPages } from '../../ui/list/list-pages'
import { LiveStatus } from '../../ui/live-status'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import './texts'
import { AlertTable } from './alert-table'
import { historyPage } from './alert-pages'
import { FIRING_PER_PAGE, listAlerts, listMutes } from './alerts-api'
import { MailNote } from './mail-note'
import { MuteList } from './mute-list'
import { NoRules, useNoRules } from './no-rules'
import { useLiveAlerts, type Loaded } from './use-alerts'
import s from './alerts.module.css'

// The dialogs load when first opened: the alerts show without them.
const AckDialog = lazyPart(() => import('./ack-dialog').then((part) => part.AckDialog))
const MuteDialog = lazyPart(() => import('./mute-dialog').then((part) => part.MuteDialog))

/**
 * `/app/alerts`: what is firing now (live: an alert shows as it fires, with how long it has
 * lasted), the mutes in force and the alerts that ended, paged. Acknowledging and muting take the
 * right `alerts`; a holder of `devices` reads.
 */
export default function AlertsScreen() {
  const t = useT()
  const rights = useStore($session).user?.rights ?? []
  const canAct = rights.includes('alerts')
  const [params, setParams] = useSearchParams()
  const { page, perPage } = historyPage(params)
  const firing = useLiveAlerts('firing', (signal) => listAlerts({ state: 'firing', per_page: FIRING_PER_PAGE }, signal))
  const history = useLiveAlerts(`resolved:${page}:${perPage}`, (signal) => listAlerts({ state: 'resolved', page, per_page: perPage }, signal))
  const mutes = useLiveAlerts('mutes', listMutes)
  const noRules = useNoRules()
  const [acking, setAcking] = useState<Alert | null>(null)
  const [muting, setMuting] = useState<Alert | null>(null)
  const movePage = (next: { page?: number; per_page?: number }) =>
    setParams((old) => {
      const fresh = new URLSearchParams(old)
      if (next.page !== undefined) fresh.set('page', String(next.page))
      if (next.per_page !== undefined) fresh.set('per_page', String(next.per_page))
      return fresh
    })
  const actions = { canOpenDevice: rights.includes('devices'), ...(canAct ? { onAck: setAcking, onMute: setMuting } : {}) }
  const done = () => {
    setAcking(null)
    setMuting(null)
    firing.reload()
    mutes.reload()
  }

  return (
    <section className={s.screen} aria-label={t('alerts.caption')}>
      <AlertsNav />
      {!canAct && <Banner variant="info">{t('alerts.readOnly')}</Banner>}
      <MailNote />
      <section className={s.card} aria-labelledby="alerts-firing">
        <div className={s.head}>
          <h3 id="alerts-firing" className={s.cardTitle}>
            {t('alerts.firing')}
            {firing.data ? ` (${firing.data.total})` : ''}
          </h3>
          <LiveStatus loadedAt={firing.loadedAt} />
        </div>
        <AlertsBody loaded={firing} none={noRules ? <NoRules canWrite={canAct} /> : <p className={s.muted}>{t('alerts.noneFiring')}</p>} reload={firing.reload}>
          {(rows) => <AlertTable alerts={rows} caption={t('alerts.firing')} actions={actions} />}
        </AlertsBody>
      </section>
      <MuteList mutes={mutes} canUnmute={canAct} onChanged={mutes.reload} />
      <section className={s.card} aria-labelledby="alerts-history">
        <h3 id="alerts-history" className={s.cardTitle}>
          {t('alerts.history')}
        </h3>
        <AlertsBody loaded={history} none={<p className={s.muted}>{t('alerts.noneResolved')}</p>} reload={history.reload}>
          {(rows) => <AlertTable alerts={rows} caption={t('alerts.history')} ended actions={actions} />}
        </AlertsBody>
        {(history.data?.total ?? 0) > 0 && (
          <ListPages page={page} perPage={perPage} total={history.data!.total} onPage={(next) => movePage({ page: next })} onPerPage={(next) => movePage({ page: 1, per_page: next })} />
        )}
      </section>
      {acking && <AckDialog alert={acking} onClose={() => setAcking(null)} onDone={done} />}
      {muting && <MuteDialog alert={muting} onClose={() => setMuting(null)} onDone={done} />}
    </section>
  )
}

/** A section's loading, error and empty states around its table. */
function AlertsBody({ loaded, none, reload, children }: { loaded: Loaded<{ rows: Alert[]; total: number }>; none: ReactNode; reload: () => void; children: (rows: Alert[]) => ReactNode }) {
  const t = useT()
  if (loaded.status === 'loading' && !loaded.data) return <Spinner label={t('alerts.loading')} />
  return (
    <>
      {loaded.status === 'error' && (
        <Banner variant="error">
          {messageText(loaded.message)}{' '}
          <Button variant="text" onClick={reload}>
            {t('alerts.retry')}
          </Button>
        </Banner>
      )}
      {loaded.data && loaded.data.rows.length === 0 && none}
      {loaded.data && loaded.data.rows.length > 0 && children(loaded.data.rows)}
    </>
  )
}
