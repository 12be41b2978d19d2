import type { Protocol, TunnelRequest } from '../../contract/tunnels'
import { messageText, type t as translate } from '../../lib/i18n'
import { Age } from '../../ui/age'
import { Badge, type BadgeTone } from '../../ui/badge'
import { Button } from '../../ui/button'
import { formatBytes, formatNumber } from '../../ui/numbers'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { useTunnelRequests } from './use-tunnel-requests'
import s from './tunnel-screen.module.css'
import './texts'

/** A duration as ms under a second, as seconds past it. */
const duration = (ms: number, t: typeof translate) => (ms < 1000 ? t('tunnels.requests.ms', { n: formatNumber(ms, 0) }) : t('tunnels.requests.s', { n: formatNumber(ms / 1000) }))

const toneOf = (request: TunnelRequest): BadgeTone =>
  request.error || request.status >= 500 ? 'error' : request.status >= 400 ? 'warning' : request.status > 0 ? 'success' : 'muted'

/** What came of a request: its HTTP status, the error that ended it, or for a connection that it closed cleanly. */
function Outcome({ request, t }: { request: TunnelRequest; t: typeof translate }) {
  const status = request.status > 0 ? String(request.status) : request.error ? t('tunnels.requests.failed') : t('tunnels.requests.closed')
  return (
    <>
      <Badge tone={toneOf(request)} hollow={!request.status}>
        {status}
      </Badge>
      {request.error && <span className={s.error}>{request.error}</span>}
    </>
  )
}

/** The inspector: the tunnel's last requests (HTTP) or connections (TCP), newest first, new ones arriving live. */
export function TunnelRequests({ tunnelId, protocol }: { tunnelId: string; protocol: Protocol }) {
  const t = useT()
  const { state, loadOlder } = useTunnelRequests(tunnelId)
  const http = protocol === 'http'
  return (
    <section className={s.card} aria-labelledby="tunnel-requests">
      <h3 id="tunnel-requests" className={s.cardTitle}>
        {t(http ? 'tunnels.requests.title' : 'tunnels.requests.connections')}
      </h3>
      <p role="status" aria-live="polite" className="visually-hidden">
        {state.arrived > 0 ? t('tunnels.requests.arrived', { n: state.arrived }) : ''}
      </p>
      {state.status === 'loading' && <Spinner label={t('tunnels.requests.loading')} />}
      {state.status === 'error' && <p className={s.muted}>{messageText(state.message)}</p>}
      {state.status === 'ready' && state.rows.length === 0 && <p className={s.muted}>{t('tunnels.requests.empty')}</p>}
      {state.rows.length > 0 && (
        <div className={s.scroll}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('tunnels.requests.time')}</th>
                {http && <th scope="col">{t('tunnels.requests.method')}</th>}
                {http && <th scope="col">{t('tunnels.requests.path')}</th>}
                <th scope="col">{t('tunnels.status')}</th>
                <th scope="col" className={s.end}>
                  {t('tunnels.requests.duration')}
                </th>
                <th scope="col" className={s.end}>
                  {t('tunnels.requests.in')}
                </th>
                <th scope="col" className={s.end}>
                  {t('tunnels.requests.out')}
                </th>
              </tr>
            </thead>
            <tbody>
              {state.rows.map((request) => (
                <tr key={request.id}>
                  <td>
                    <Age at={request.at} />
                  </td>
                  {http && <td className={s.mono}>{request.method}</td>}
                  {http && (
                    <td>
                      <bdi className={s.path} dir="ltr">
                        {request.path}
                      </bdi>
                    </td>
                  )}
                  <td>
                    <Outcome request={request} t={t} />
                  </td>
                  <td className={s.end}>{duration(request.duration_ms, t)}</td>
                  <td className={s.end}>{formatBytes(request.bytes_in)}</td>
                  <td className={s.end}>{formatBytes(request.bytes_out)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.status === 'ready' && state.rows.length > 0 && state.message && <p className={s.muted}>{messageText(state.message)}</p>}
      {state.more && (
        <Button variant="secondary" className={s.older} busy={state.olderBusy} onClick={() => void loadOlder()}>
          {t('tunnels.requests.older')}
        </Button>
      )}
    </section>
  )
}
