import { useState } from 'react'
import { useLocation } from 'wouter'
import type { RoleRecord } from '../../contract/roles'
import { notify } from '../../stores/notices'
import { Age } from '../../ui/age'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { LiveStatus } from '../../ui/live-status'
import { useT } from '../../ui/use-t'
import { RoleDelete } from './role-delete'
import { RoleForm } from './role-form'
import s from './roles.module.css'

/** The role's name, description and facts, with the way to edit it and, unless built in, delete it. */
export function RoleSummary({ role, loadedAt, onSaved }: { role: RoleRecord; loadedAt: number; onSaved: (role: RoleRecord) => void }) {
  const t = useT()
  const [, navigate] = useLocation()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  return (
    <section className={s.card} aria-labelledby="role-name">
      <div className={s.head}>
        <div className={s.title}>
          <h2 id="role-name" className={s.heading}>
            {role.name}
          </h2>
          {role.builtin && <Badge tone="info">{t('roles.builtin')}</Badge>}
        </div>
        <LiveStatus loadedAt={loadedAt} />
        <div className={s.buttons}>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('record.edit')}
          </Button>
          {!role.builtin && (
            <Button variant="secondary" onClick={() => setDeleting(true)}>
              {t('record.delete')}
            </Button>
          )}
        </div>
      </div>
      <p className={s.about}>{role.description || t('roles.detail.noDescription')}</p>
      <dl className={s.facts}>
        <div className={s.fact}>
          <dt>{t('roles.members')}</dt>
          <dd>{role.member_count}</dd>
        </div>
        <div className={s.fact}>
          <dt>{t('roles.detail.created')}</dt>
          <dd>
            <Age at={role.created_at} />
          </dd>
        </div>
        <div className={s.fact}>
          <dt>{t('roles.detail.updated')}</dt>
          <dd>
            <Age at={role.updated_at} />
          </dd>
        </div>
      </dl>
      {editing && (
        <RoleForm
          role={role}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            notify('success', 'roles.saved')
            setEditing(false)
            onSaved(saved)
          }}
        />
      )}
      <RoleDelete role={deleting ? role : null} onClose={() => setDeleting(false)} onDeleted={() => navigate('/roles')} />
    </section>
  )
}
