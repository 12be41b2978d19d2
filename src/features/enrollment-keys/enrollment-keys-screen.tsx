import { useState } from 'react'
import { Link } from 'wouter'
import { enrollmentKeysApi } from '../../api/enrollment'
import type { EnrollmentKey } from '../../contract/enrollment'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ENROLLMENT_KEY_LIST } from '../../ui/list/list-defaults'
import { ListView } from '../../ui/list/list-view'
import { useCollectionList, useCreateParam } from '../../ui/list/use-collection-list'
import { LiveStatus } from '../../ui/live-status'
import { useT } from '../../ui/use-t'
import { enrollmentKeyColumns } from './enrollment-key-columns'
import { EnrollmentKeyRevoke } from './enrollment-key-revoke'
import s from './enrollment-keys.module.css'
import './texts'

// The forms and the dialog of a new key load when first opened: the list shows without them.
const EnrollmentKeyForm = lazyPart(() => import('./enrollment-key-form').then((part) => part.EnrollmentKeyForm))
const EnrollmentKeyRename = lazyPart(() => import('./enrollment-key-rename').then((part) => part.EnrollmentKeyRename))
const EnrollmentKeyIssued = lazyPart(() => import('./enrollment-key-issued').then((part) => part.EnrollmentKeyIssued))
const EnrollmentKeyDevices = lazyPart(() => import('./enrollment-key-issued').then((part) => part.EnrollmentKeyDevices))

/**
 * `/app/devices/enrollment-keys`, "Add many devices": keys that let devices join by themselves.
 * A key's secret shows once, with the commands to run on each device, and the devices it enrolls
 * appear below them as they join.
 */
export default function EnrollmentKeysScreen() {
  const t = useT()
  const list = useCollectionList<EnrollmentKey>({ collection: 'enrollment_keys', list: enrollmentKeysApi.list, defaults: ENROLLMENT_KEY_LIST })
  const [creating, setCreating] = useState(false)
  const [issued, setIssued] = useState<{ key: EnrollmentKey; secret: string } | null>(null)
  const [showing, setShowing] = useState<EnrollmentKey | null>(null)
  const [renaming, setRenaming] = useState<EnrollmentKey | null>(null)
  const [revoking, setRevoking] = useState<EnrollmentKey | null>(null)
  useCreateParam(() => setCreating(true))

  const columns = enrollmentKeyColumns(t, { onShow: setShowing, onRename: setRenaming, onRevoke: setRevoking })
  return (
    <section className={s.screen} aria-label={t('enrollmentKeys.caption')}>
      <p className={s.intro}>
        {t('enrollmentKeys.intro')} <Link href="/devices">{t('enrollmentKeys.back')}</Link>
      </p>
      <ListView
        collection="enrollment_keys"
        caption={t('enrollmentKeys.caption')}
        columns={columns}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('enrollmentKeys.search')}
        rowClass={(row) => (row.revoked_at ? s.revokedRow : undefined)}
        toolbar={
          <>
            <LiveStatus loadedAt={list.data.loadedAt} />
            <Button onClick={() => setCreating(true)}>{t('enrollmentKeys.create')}</Button>
          </>
        }
        empty={<p>{t('enrollmentKeys.empty')}</p>}
      />
      {creating && (
        <EnrollmentKeyForm
          onClose={() => setCreating(false)}
          onIssued={({ secret, ...key }) => {
            setCreating(false)
            setIssued({ key, secret })
          }}
        />
      )}
      {issued && (
        <EnrollmentKeyIssued
          issued={issued}
          onClose={() => {
            // From here on only the prefix remains, in the list.
            setIssued(null)
            list.reload()
          }}
        />
      )}
      {showing && <EnrollmentKeyDevices enrollmentKey={showing} onClose={() => setShowing(null)} />}
      {renaming && (
        <EnrollmentKeyRename
          enrollmentKey={renaming}
          onClose={() => setRenaming(null)}
          onSaved={() => {
            notify('success', 'record.saved')
            setRenaming(null)
            list.reload()
          }}
        />
      )}
      <EnrollmentKeyRevoke
        enrollmentKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null)
          list.reload()
        }}
      />
    </section>
  )
}
