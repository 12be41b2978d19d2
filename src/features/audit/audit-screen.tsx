import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'wouter'
import { call } from '../../api/client'
import { RIGHTS } from '../../contract/rights'
import { $session } from '../../stores/session'
import { AuditTrail } from '../../ui/audit/audit-trail'
import texts from '../../../locales/audit/en.json'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { TextField } from '../../ui/fields'
import { Select, type SelectOption } from '../../ui/select'
import { useT } from '../../ui/use-t'
import { readFilters, TRAIL_PER_PAGE, trailQuery, writeFilters, type AddressFilters } from './audit-filters'
import s from './audit-screen.module.css'

/** The actions the trail knows a name for, in the order the locale files list them. */
const ACTIONS = Object.keys(texts.audit.action)

/** The organization's people, to pick one as the actor: read only by a holder of the users right. */
function usePeople(allowed: boolean): SelectOption[] {
  const [people, setPeople] = useState<SelectOption[]>([])
  useEffect(() => {
    if (!allowed) return
    const controller = new AbortController()
    void call<{ id: string; name: string; email: string }[]>('GET', '/users/', { query: { per_page: 100, sort: 'name', order: 'asc' }, signal: controller.signal }).then(
      (result) => {
        if (result.ok && Array.isArray(result.data)) setPeople(result.data.map((user) => ({ value: user.id, label: user.name || user.email })))
      },
    )
    return () => controller.abort()
  }, [allowed])
  return people
}

/**
 * `/app/audit`: the organization's whole trail the viewer's rights show, narrowed by who, what,
 * which record and when (kept in the address, so a view can be bookmarked and shared), each
 * update's changes side by side, and new entries as they are written.
 */
export default function AuditScreen() {
  const t = useT()
  const { user } = useStore($session)
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const people = usePeople(Boolean(user?.rights.includes('users')))
  const change = (next: Partial<AddressFilters>) => setParams(writeFilters({ ...filters, ...next }), { replace: true })
  const query = trailQuery(filters)
  const rights = user?.rights ?? []

  const actors: SelectOption[] = [{ value: '', label: t('audit.anyone') }]
  if (user) actors.push({ value: user.id, label: t('audit.me') })
  for (const person of people) if (person.value !== user?.id) actors.push(person)
  if (filters.actor && !actors.some((option) => option.value === filters.actor)) actors.push({ value: filters.actor, label: filters.actor })
  const actions = [{ value: '', label: t('audit.anyAction') }, ...ACTIONS.map((action) => ({ value: action, label: t(`audit.action.${action}`) }))]
  const collections = [
    { value: '', label: t('audit.anyCollection') },
    ...RIGHTS.filter((right) => rights.includes(right)).map((right) => ({ value: right, label: t(`audit.collection.${right}`) })),
  ]
  const narrowed = Object.values(filters).some(Boolean)

  return (
    <div className={s.screen}>
      <form className={s.filters} role="search" aria-label={t('audit.filters')} onSubmit={(event) => event.preventDefault()}>
        <Select className={s.filter} label={t('audit.filterActor')} name="actor" value={filters.actor} options={actors} onChange={(actor) => change({ actor })} />
        <Select className={s.filter} label={t('audit.filterAction')} name="action" value={filters.action} options={actions} onChange={(action) => change({ action })} />
        <Select
          className={s.filter}
          label={t('audit.filterCollection')}
          name="collection"
          value={filters.collection}
          options={collections}
          onChange={(collection) => change({ collection })}
        />
        <TextField className={s.filter} label={t('audit.filterRecord')} name="record_id" value={filters.record_id} maxLength={64} onChange={(record_id) => change({ record_id })} />
        <TextField className={s.filter} label={t('audit.filterFrom')} name="from" type="date" value={filters.from} onChange={(from) => change({ from })} />
        <TextField className={s.filter} label={t('audit.filterTo')} name="to" type="date" value={filters.to} onChange={(to) => change({ to })} />
        {narrowed && (
          <Button variant="secondary" onClick={() => setParams('', { replace: true })}>
            {t('audit.clear')}
          </Button>
        )}
      </form>
      <AuditTrail collection={query.collection} recordId={query.recordId} filters={query.filters} perPage={TRAIL_PER_PAGE} title={t('audit.screenTitle')} />
    </div>
  )
}
