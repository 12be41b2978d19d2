import { useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import type { InvitationInfo } from '../../contract/users'
import { messageText } from '../../lib/i18n'
import { AuthLayout } from '../../ui/auth-layout'
import { Banner } from '../../ui/banner'
import { Spinner } from '../../ui/spinner'
import { useHydrated } from '../../ui/use-hydrated'
import { useT } from '../../ui/use-t'
import { AcceptForm } from './accept-form'
import { readInvitation } from './invitation-api'
import { JoinForm } from './join-form'
import './texts'
import s from './invitation.module.css'

type Reading = { status: 'loading' } | { status: 'invalid'; message: string } | { status: 'ready'; invitation: InvitationInfo }

/**
 * `/invitation?token=`: who invited the visitor where, and the form that accepts: a name and
 * password for an address new here, the account itself for an address that has one.
 */
export default function InvitationScreen() {
  const t = useT()
  // The prerendered page has no query string: the token counts once hydration is over.
  const hydrated = useHydrated()
  const search = useSearch()
  const token = hydrated ? (new URLSearchParams(search).get('token') ?? '') : null
  const [reading, setReading] = useState<Reading>({ status: 'loading' })

  useEffect(() => {
    if (token === null) return
    if (!token) return setReading({ status: 'invalid', message: 'users.invitation.missing' })
    const controller = new AbortController()
    setReading({ status: 'loading' })
    void readInvitation(token, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setReading(result.ok ? { status: 'ready', invitation: result.data } : { status: 'invalid', message: result.message })
    })
    return () => controller.abort()
  }, [token])

  if (reading.status === 'ready' && token) {
    const { invitation } = reading
    return (
      <AuthLayout
        title={t('users.invitation.title', { organization: invitation.organization })}
        intro={t(invitation.account ? 'users.invitation.accountIntro' : 'users.invitation.intro', { email: invitation.email })}
      >
        {invitation.account ? <JoinForm token={token} invitation={invitation} /> : <AcceptForm token={token} invitation={invitation} />}
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={t(reading.status === 'invalid' ? 'users.invitation.invalidTitle' : 'users.invitation.loading')}>
      {reading.status === 'loading' && <Spinner label={t('users.invitation.loading')} />}
      {reading.status === 'invalid' && (
        <>
          <Banner variant="error">{messageText(reading.message)}</Banner>
          <p className={s.aside}>{t('users.invitation.invalidHint')}</p>
        </>
      )}
      <p className={s.aside}>
        <Link href="/login">{t('users.invitation.signIn')}</Link>
      </p>
    </AuthLayout>
  )
}
