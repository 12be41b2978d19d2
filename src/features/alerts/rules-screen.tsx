import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { AlertRule } from '../../contract/alerts'
import { notify } from '../../stores/notices'
import { $session } from '../../stores/session'
import { AlertsNav } from '../../ui/alerts-nav'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ListView } from '../../ui/list/list-view'
import { useCollectionList, useCreateParam } from '../../ui/list/use-collection-list'
import { LiveStatus } from '../../ui/live-status'
import { useT } from '../../ui/use-t'
import './texts'
import { RULE_LIST, rulesApi } from './alerts-api'
import { ruleColumns } from './rule-columns'
import { RuleDelete } from './rule-delete'
import s from './alerts.module.css'

// The form loads when first opened: the list shows without it.
const RuleForm = lazyPart(() => import('./rule-form').then((part) => part.RuleForm))

/** `/app/alerts/rules`: which devices are watched for what, and who is told; a holder of `devices` reads. */
export default function RulesScreen() {
  const t = useT()
  const canWrite = (useStore($session).user?.rights ?? []).includes('alerts')
  const list = useCollectionList<AlertRule>({ collection: 'alert_rules', list: rulesApi.list, defaults: RULE_LIST })
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null)
  const [deleting, setDeleting] = useState<AlertRule | null>(null)
  // The alerts screen's invitation to a first rule links here with the form open.
  useCreateParam(() => canWrite && setEditing('new'))
  const columns = ruleColumns(t, canWrite ? { onEdit: setEditing, onDelete: setDeleting } : {})
  return (
    <section className={s.screen} aria-label={t('alerts.rules.caption')}>
      <AlertsNav />
      <ListView
        caption={t('alerts.rules.caption')}
        columns={columns}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('alerts.rules.search')}
        toolbar={
          <>
            <LiveStatus loadedAt={list.data.loadedAt} />
            {canWrite && <Button onClick={() => setEditing('new')}>{t('alerts.rules.create')}</Button>}
          </>
        }
        empty={<p>{t('alerts.rules.empty')}</p>}
      />
      {editing && (
        <RuleForm
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify('success', editing === 'new' ? 'record.created' : 'record.saved')
            setEditing(null)
            list.reload()
          }}
        />
      )}
      <RuleDelete
        rule={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null)
          list.reload()
        }}
      />
    </section>
  )
}
