import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { RoleMember } from '../../contract/roles'
import { messageText } from '../../lib/i18n'
import { $session } from '../../stores/session'
import { Badge } from '../../ui/badge'
import { ListPages } from '../../ui/list/list-pages'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { roleMembers } from './roles-api'
import card from './roles.module.css'

type Members = { status: 'loading' | 'ready' | 'error'; rows: RoleMember[]; total: number; message: string }

/** The people holding the role, by name, a page at a time; names open the user when the viewer may. */
export function RoleMembers({ roleId, round }: { roleId: string; round: number }) {
  const t = useT()
  const canOpen = useStore($session).user?.rights.includes('users') ?? false
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState(10)
  const [members, setMembers] = useState<Members>({ status: 'loading', rows: [], total: 0, message: '' })

  useEffect(() => {
    const controller = new AbortController()
    void roleMembers(roleId, { page, per_page: perPage, sort: 'name', order: 'asc' }, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setMembers((old) => (result.ok ? { status: 'ready', ...result.data, message: '' } : { ...old, status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [roleId, page, perPage, round])

  return (
    <section className={card.card} aria-labelledby="role-members">
      <h3 id="role-members" className={card.cardTitle}>
        {t('roles.detail.members')}
      </h3>
      {members.status === 'loading' && members.rows.length === 0 && <Spinner label={t('roles.detail.loadingMembers')} />}
      {members.status === 'error' && <p role="alert">{messageText(members.message)}</p>}
      {members.status === 'ready' && members.total === 0 && <p className={card.muted}>{t('roles.detail.noMembers')}</p>}
      {members.rows.length > 0 && (
        <ul className={card.memberList}>
          {members.rows.map((member) => (
            <li key={member.id} className={card.member}>
              <span className={card.memberName}>
                {canOpen ? <Link href={`/users/details?id=${encodeURIComponent(member.id)}`}>{member.name || member.email}</Link> : <bdi>{member.name || member.email}</bdi>}
                <bdi className={card.muted}>{member.email}</bdi>
              </span>
              {member.status !== 'active' && <Badge tone={member.status === 'invited' ? 'info' : 'muted'}>{t(`roles.memberStatus.${member.status}`)}</Badge>}
            </li>
          ))}
        </ul>
      )}
      {members.total > perPage && (
        <ListPages
          page={page}
          perPage={perPage}
          total={members.total}
          onPage={setPage}
          onPerPage={(next) => {
            setPerPage(next)
            setPage(1)
          }}
        />
      )}
    </section>
  )
}
