import { useState } from 'react'
import { useLocation } from 'wouter'
import type { OrganizationRecord } from '../../contract/organizations'
import { $live } from '../../stores/live'
import { notify } from '../../stores/notices'
import { AFTER_SWITCH, switchOrganization } from '../../stores/switch-organization'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { Dialog } from '../../ui/dialog'
import { lazyPart } from '../../ui/lazy-part'
import { ListView } from '../../ui/list/list-view'
import { LiveStatus } from '../../ui/live-status'
import { useCollectionList } from '../../ui/list/use-collection-list'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { useT } from '../../ui/use-t'
import { organizationColumns } from './organization-columns'
import { ORGANIZATION_LIST, organizationsApi } from './organizations-api'
import './texts'
import s from './organizations.module.css'

// The forms load when first opened: the list shows without them.
const OrganizationForm = lazyPart(() => import('./organization-form').then((part) => part.OrganizationForm))

/**
 * The organizations the user belongs to, with plan and members; create one, rename one, and switch
 * to one, after which the console starts again at home with the new organization's data only.
 */
export default function OrganizationsScreen() {
  const t = useT()
  const [, navigate] = useLocation()
  const list = useCollectionList<OrganizationRecord>({ collection: 'organizations', list: organizationsApi.list, defaults: ORGANIZATION_LIST })
  const [editing, setEditing] = useState<OrganizationRecord | 'new' | null>(null)
  const [created, setCreated] = useState<OrganizationRecord | null>(null)
  const [switching, setSwitching] = useState<string | null>(null)

  const switchTo = async (organization: Pick<OrganizationRecord, 'id' | 'name'>) => {
    setSwitching(organization.id)
    const result = await switchOrganization(organization.id)
    setSwitching(null)
    if (!result.ok) return notify('error', result.message)
    notify('success', t('organizations.switched', { name: organization.name }))
    navigate(AFTER_SWITCH)
  }
  const reloadUnlessLive = () => $live.get().state !== 'live' && list.reload()

  return (
    <section className={s.screen} aria-label={t('organizations.caption')}>
      <ListView
        caption={t('organizations.caption')}
        columns={organizationColumns(t, { onSwitch: (row) => void switchTo(row), onRename: setEditing, switching })}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('organizations.search')}
        rowClass={(row) => (row.current ? s.currentRow : undefined)}
        toolbar={
          <>
            <LiveStatus loadedAt={list.data.loadedAt} />
            <Button onClick={() => setEditing('new')}>{t('organizations.create')}</Button>
          </>
        }
      />
      {editing && (
        <OrganizationForm
          organization={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            const isNew = editing === 'new'
            setEditing(null)
            if (!isNew) {
              notify('success', 'organizations.renamed')
              return reloadUnlessLive()
            }
            // A new organization's events go to it, not to this one: ask at once.
            setCreated(saved)
            list.reload()
          }}
        />
      )}
      <Dialog open={created !== null} onClose={() => setCreated(null)} title={t('organizations.createdTitle', { name: created?.name ?? '' })} width={480}>
        <DialogBody>
          <p>{t('organizations.createdBody', { name: created?.name ?? '' })}</p>
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={() => setCreated(null)} data-autofocus>
            {t('organizations.stay')}
          </Button>
          <Button
            busy={created !== null && switching === created.id}
            onClick={() => {
              if (!created) return
              void switchTo(created).then(() => setCreated(null))
            }}
          >
            {t('organizations.switchNow', { name: created?.name ?? '' })}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  )
}
