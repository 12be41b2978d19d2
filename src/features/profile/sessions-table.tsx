import { useState } from 'react'
import type { SessionRecord } from '../../contract/profile'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Age } from '../../ui/age'
import { Badge } from '../../ui/badge'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { profileApi } from './profile-api'
import { useSessions } from './use-sessions'
import s from './profile-screen.module.css'

/** How a session signed in: the words for a password or an invitation, else the provider's name. */
function methodText(t: (key: string) => string, method: string): string {
  const key = `account.methods.${method}`
  const text = t(key)
  return text === key ? method.charAt(0).toUpperCase() + method.slice(1) : text
}

/** The user's live sessions: where and how each signed in, and a way to end any but this one. */
export function SessionsTable({ generation }: { generation: number }) {
  const t = useT()
  const { state, reload } = useSessions(generation)
  const [ending, setEnding] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)

  const end = async (session: SessionRecord) => {
    setEnding(session.id)
    const result = await profileApi.endSession(session.id)
    setEnding(null)
    notify(result.ok ? 'success' : 'error', result.ok ? 'account.sessionEnded' : result.message)
    reload()
  }
  const endOthers = async () => {
    setEnding('others')
    const result = await profileApi.endOthers()
    setEnding(null)
    setConfirming(false)
    notify(result.ok ? 'success' : 'error', result.ok ? 'account.othersEnded' : result.message)
    reload()
  }

  const sessions = state.status === 'ready' ? state.sessions : []
  const others = sessions.filter((session) => !session.current).length
  return (
    <section className={s.card} aria-labelledby="sessions-title">
      <div className={s.cardHead}>
        <h2 id="sessions-title" className={s.cardTitle}>
          {t('account.sessions')}
        </h2>
        <Button variant="secondary" disabled={others === 0} onClick={() => setConfirming(true)}>
          {t('account.endOthers')}
        </Button>
      </div>
      <p className={s.hint}>{t('account.sessionsHint')}</p>
      {state.status === 'loading' && <Spinner label={t('account.loadingSessions')} />}
      {state.status === 'error' && (
        <Banner variant="error">
          {messageText(state.message)}{' '}
          <Button variant="text" onClick={reload}>
            {t('account.retry')}
          </Button>
        </Banner>
      )}
      {state.status === 'ready' && (
        <div className={s.scroll}>
          <table className={s.table}>
            <caption className="visually-hidden">{t('account.sessions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('account.browser')}</th>
                <th scope="col">{t('account.method')}</th>
                <th scope="col">{t('account.started')}</th>
                <th scope="col">{t('account.lastUsed')}</th>
                <th scope="col">{t('account.ip')}</th>
                <th scope="col" className={s.end}>
                  <span className="visually-hidden">{t('account.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => {
                const browser = session.browser || t('account.unknownBrowser')
                return (
                  <tr key={session.id}>
                    <td>
                      <span className={s.browser}>{browser}</span>
                      {session.current && (
                        <Badge tone="success" className={s.thisSession}>
                          {t('account.thisSession')}
                        </Badge>
                      )}
                    </td>
                    <td>{methodText(t, session.method)}</td>
                    <td>
                      <Age at={session.created_at} />
                    </td>
                    <td>
                      <Age at={session.last_used_at} />
                    </td>
                    <td className={s.ip}>{session.ip}</td>
                    <td className={s.end}>
                      {!session.current && (
                        <Button
                          variant="secondary"
                          busy={ending === session.id}
                          aria-label={t('account.endLabel', { browser, ip: session.ip })}
                          onClick={() => void end(session)}
                        >
                          {t('account.end')}
                        </Button>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('account.endOthersTitle')}
        confirmLabel={t('account.endOthersConfirm')}
        busy={ending === 'others'}
        onConfirm={() => void endOthers()}
        onClose={() => setConfirming(false)}
      >
        <p>{t('account.endOthersBody')}</p>
      </ConfirmDialog>
    </section>
  )
}
