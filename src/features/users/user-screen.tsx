import { Link, useSearchParams } from 'wouter'
import { messageText } from '../../lib/i18n'
import { AuditTrail } from '../../ui/audit/audit-trail'
import { Banner } from '../../ui/banner'
import { Button, buttonClass } from '../../ui/button'
import '../../ui/console-texts'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import './texts'
import { useOrganizationRoles } from './use-roles'
import { useUser } from './use-user'
import { UserSignIns } from './user-sign-ins'
import { UserSummary } from './user-summary'
import s from './user-screen.module.css'

/** `/app/users/details?id=`: one member, their last sign-ins and the trail of changes to them. */
export default function UserScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return <UserView key={id} id={id} />
}

function UserView({ id }: { id: string }) {
  const t = useT()
  const roles = useOrganizationRoles()
  const { state, reload, replace } = useUser(id)
  if (state.status === 'loading') return <Spinner className={s.loading} label={t('users.detail.loading')} />
  if (state.status === 'missing') {
    return (
      <section className={s.missing} aria-labelledby="user-missing">
        <h2 id="user-missing">{t('users.detail.notFound')}</h2>
        <p>{t('record.notFound')}</p>
        <Link href="/users" className={buttonClass('secondary')}>
          {t('users.detail.back')}
        </Link>
      </section>
    )
  }
  if (state.status === 'error') {
    return (
      <Banner variant="error">
        {messageText(state.message)}{' '}
        <Button variant="text" onClick={reload}>
          {t('list.retry')}
        </Button>
      </Banner>
    )
  }
  const { user } = state
  return (
    <div className={s.detail}>
      <UserSummary user={user} loadedAt={state.loadedAt} roles={roles} onChanged={replace} />
      <UserSignIns id={user.id} lastSignIn={user.last_sign_in} />
      <AuditTrail collection="users" recordId={user.id} title={t('users.detail.trail')} />
    </div>
  )
}
