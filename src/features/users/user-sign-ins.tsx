import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { SignInEntry } from '../../contract/users'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import { Age } from '../../ui/age'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { signInsOf } from './users-api'
import { formatTime, methodKey } from './user-values'
import s from './user-screen.module.css'

type SignIns = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; entries: SignInEntry[] }

/** The member's last sign-ins: when, how, from which address and browser. `lastSignIn` changing reads them again. */
export function UserSignIns({ id, lastSignIn }: { id: string; lastSignIn: string | null }) {
  const t = useT()
  const locale = useStore($locale)
  const [signIns, setSignIns] = useState<SignIns>({ status: 'loading' })

  useEffect(() => {
    const controller = new AbortController()
    void signInsOf(id, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setSignIns(result.ok && Array.isArray(result.data) ? { status: 'ready', entries: result.data } : { status: 'error', message: result.ok ? '' : result.message })
    })
    return () => controller.abort()
  }, [id, lastSignIn])

  return (
    <section className={s.card} aria-labelledby="user-sign-ins">
      <h3 id="user-sign-ins" className={s.cardTitle}>
        {t('users.detail.signIns')}
      </h3>
      {signIns.status === 'loading' && <Spinner label={t('users.detail.signInsLoading')} />}
      {signIns.status === 'error' && <p className={s.muted}>{messageText(signIns.message)}</p>}
      {signIns.status === 'ready' && signIns.entries.length === 0 && <p className={s.muted}>{t('users.detail.signInsEmpty')}</p>}
      {signIns.status === 'ready' && signIns.entries.length > 0 && (
        <div className={s.scroll}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('users.detail.time')}</th>
                <th scope="col">{t('users.detail.method')}</th>
                <th scope="col">{t('users.detail.ip')}</th>
                <th scope="col">{t('users.detail.browser')}</th>
              </tr>
            </thead>
            <tbody>
              {signIns.entries.map((entry, index) => {
                const key = methodKey(entry.method)
                return (
                  <tr key={`${entry.at}-${index}`}>
                    <td>
                      <time dateTime={entry.at}>{formatTime(entry.at, locale)}</time> <Age at={entry.at} className={s.age} />
                    </td>
                    <td>{key ? t(key) : entry.method}</td>
                    <td>
                      <bdi className={s.mono}>{entry.ip || '—'}</bdi>
                    </td>
                    <td>{entry.browser || t('users.detail.unknown')}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
