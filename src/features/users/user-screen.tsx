import { useSearchParams } from 'wouter'
import { AuditTrail } from '../../ui/audit/audit-trail'
import '../../ui/console-texts'
import { RecordPending } from '../../ui/record/record-pending'
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
  if (state.status !== 'ready') {
    const texts = { loading: t('users.detail.loading'), notFound: t('users.detail.notFound'), back: t('users.detail.back') }
    return <RecordPending state={state} reload={reload} texts={texts} backHref="/users" />
  }
  const { record: user } = state
  return (
    <div className={s.detail}>
      <UserSummary user={user} loadedAt={state.loadedAt} roles={roles} onChanged={replace} />
      <UserSignIns id={user.id} lastSignIn={user.last_sign_in} />
      <AuditTrail collection="users" recordId={user.id} title={t('users.detail.trail')} />
    </div>
  )
}
