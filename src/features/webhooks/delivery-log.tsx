import { useEffect, useState } from 'react'
import type { Webhook, WebhookDelivery } from '../../contract/webhooks'
import { messageText } from '../../lib/i18n'
import { Age } from '../../ui/age'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { useT } from '../../ui/use-t'
import { webhookDeliveries } from '../../api/webhooks'
import { deliveryResult } from './webhook-status'
import s from './webhooks.module.css'

/** The newest deliveries the log shows. */
const LOG_ROWS = 25
/** While a delivery waits for a try, the log looks again this often. */
const WAITING_POLL_MS = 2000

type Loaded = { rows: WebhookDelivery[]; error: string | null; loading: boolean }

/**
 * A webhook's delivery log: each event's time, type, result (status or why it failed), duration,
 * tries, next try and the first bytes of the answer. It reads again on "Reload", when `version`
 * says the webhook changed (a try ended), and every few seconds while a delivery waits.
 */
export function DeliveryLog({ webhook, version, onClose }: { webhook: Webhook | null; version: string; onClose: () => void }) {
  const t = useT()
  const [loaded, setLoaded] = useState<Loaded>({ rows: [], error: null, loading: true })
  const [asked, setAsked] = useState(0)
  const id = webhook?.id

  useEffect(() => {
    if (!id) return
    const abort = new AbortController()
    setLoaded((before) => ({ ...before, loading: true }))
    void webhookDeliveries(id, 1, LOG_ROWS, abort.signal).then((result) => {
      if (abort.signal.aborted) return
      setLoaded(result.ok ? { rows: result.data, error: null, loading: false } : { rows: [], error: result.message, loading: false })
    })
    return () => abort.abort()
  }, [id, asked, version])

  const waiting = loaded.rows.some((row) => row.state === 'pending' && (row.tries === 0 || (row.next_try_at !== null && Date.parse(row.next_try_at) - Date.now() < 60_000)))
  useEffect(() => {
    if (!id || !waiting) return
    const timer = setTimeout(() => setAsked((n) => n + 1), WAITING_POLL_MS)
    return () => clearTimeout(timer)
  }, [id, waiting, loaded])

  return (
    <Dialog open={webhook !== null} onClose={onClose} title={t('webhooks.logTitle', { name: webhook?.name ?? '' })} closeLabel={t('webhooks.logClose')} width={960}>
      <div className={s.logBar}>
        <Button variant="secondary" onClick={() => setAsked((n) => n + 1)} disabled={loaded.loading}>
          {t('webhooks.logReload')}
        </Button>
      </div>
      {loaded.error ? (
        <p role="alert">{messageText(loaded.error)}</p>
      ) : !loaded.rows.length ? (
        <p className={s.muted}>{loaded.loading ? t('webhooks.logLoading') : t('webhooks.logEmpty')}</p>
      ) : (
        <div className={s.logScroll}>
          <table className={s.log} aria-busy={loaded.loading}>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.time')}</th>
                <th scope="col">{t('webhooks.event')}</th>
                <th scope="col">{t('webhooks.result')}</th>
                <th scope="col">{t('webhooks.duration')}</th>
                <th scope="col">{t('webhooks.tries')}</th>
                <th scope="col">{t('webhooks.nextTry')}</th>
                <th scope="col">{t('webhooks.response')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.rows.map((row) => (
                <tr key={row.id} data-state={row.state}>
                  <td>
                    <Age at={row.tried_at ?? row.created_at} />
                  </td>
                  <td>
                    <code dir="ltr">{row.type}</code>
                    <br />
                    <code dir="ltr" className={s.muted}>
                      {row.event_id}
                    </code>
                  </td>
                  <td className={row.state === 'delivered' ? s.ok : row.state === 'failed' || row.error ? s.bad : undefined}>
                    {t(`webhooks.state.${row.state}`)}
                    {row.tries > 0 && (
                      <>
                        <br />
                        {deliveryResult(t, row)}
                      </>
                    )}
                  </td>
                  <td>{row.duration_ms === null ? '' : t('webhooks.ms', { n: row.duration_ms })}</td>
                  <td>{row.tries}</td>
                  <td>{row.next_try_at ? <Age at={row.next_try_at} /> : ''}</td>
                  <td>
                    {row.response && (
                      <pre className={s.response} dir="ltr">
                        {row.response}
                      </pre>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  )
}
