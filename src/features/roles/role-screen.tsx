import { useState } from 'react'
import { useSearchParams } from 'wouter'
import { RIGHTS } from '../../contract/rights'
import { AuditTrail } from '../../ui/audit/audit-trail'
import '../../ui/console-texts'
import { Icon } from '../../ui/icons'
import { RecordPending } from '../../ui/record/record-pending'
import { useT } from '../../ui/use-t'
import { RoleMembers } from './role-members'
import { RoleSummary } from './role-summary'
import './texts'
import { useRole } from './use-role'
import s from './roles.module.css'

/** `/app/roles/details?id=`: one role, what each of its rights opens, who holds it, and its trail. */
export default function RoleScreen() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  return <RoleView key={id} id={id} />
}

function RoleView({ id }: { id: string }) {
  const t = useT()
  const { state, reload, replace } = useRole(id)
  const [round, setRound] = useState(0)
  if (state.status !== 'ready') {
    const texts = { loading: t('roles.detail.loading'), notFound: t('roles.detail.notFound'), back: t('roles.detail.back') }
    return <RecordPending state={state} reload={reload} texts={texts} backHref="/roles" />
  }
  const { record: role } = state
  return (
    <div className={s.detail}>
      <RoleSummary
        role={role}
        loadedAt={state.loadedAt}
        onSaved={(saved) => {
          replace(saved)
          setRound((n) => n + 1)
        }}
      />
      <section className={s.card} aria-labelledby="role-rights">
        <h3 id="role-rights" className={s.cardTitle}>
          {t('roles.rights')}
        </h3>
        <ul className={s.rightTable}>
          {RIGHTS.map((right) => {
            const has = role.rights.includes(right)
            return (
              <li key={right} className={has ? s.granted : s.notGranted}>
                <Icon name={has ? 'check' : 'close'} size={16} className={s.rightIcon} />
                <span>
                  <span className={s.rightName}>{t(`menu.${right}`)}</span>
                  <span className="visually-hidden">{has ? t('roles.detail.granted') : t('roles.detail.notGranted')}</span>
                  <span className={s.muted}>{t(`roles.opens.${right}`)}</span>
                </span>
              </li>
            )
          })}
        </ul>
      </section>
      <RoleMembers roleId={role.id} round={round + state.loadedAt} />
      <AuditTrail collection="roles" recordId={role.id} />
    </div>
  )
}
