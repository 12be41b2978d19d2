import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { AccessKey } from '../../contract/access-keys'
import { notify } from '../../stores/notices'
import { $session } from '../../stores/session'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ListView } from '../../ui/list/list-view'
import { LiveStatus } from '../../ui/live-status'
import { useCollectionList, useCreateParam } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import { KEY_LIST, keysApi } from './access-keys-api'
import { keyColumns } from './key-columns'
import { KeyRevoke } from './key-revoke'
import s from './access-keys.module.css'
import './texts'

// The forms load when first opened: the list shows without them.
const SecretDialog = lazyPart(() => import('../../ui/record/secret-dialog').then((part) => part.SecretDialog))
const KeyForm = lazyPart(() => import('./key-form').then((part) => part.KeyForm))
const KeyRename = lazyPart(() => import('./key-rename').then((part) => part.KeyRename))

/**
 * Keys for scripts and devices to call the API. A key's secret is shown once, when it is issued,
 * and dropped when that dialog closes; the list knows a key by its prefix only.
 */
export default function AccessKeysScreen() {
  const t = useT()
  const rights = useStore($session).user?.rights ?? []
  const list = useCollectionList<AccessKey>({ collection: 'access_keys', list: keysApi.list, defaults: KEY_LIST })
  const [creating, setCreating] = useState(false)
  const [issued, setIssued] = useState<{ name: string; secret: string } | null>(null)
  const [renaming, setRenaming] = useState<AccessKey | null>(null)
  const [revoking, setRevoking] = useState<AccessKey | null>(null)
  useCreateParam(() => setCreating(true))

  const columns = keyColumns(t, { onRename: setRenaming, onRevoke: setRevoking })
  return (
    <section className={s.screen} aria-label={t('accessKeys.caption')}>
      <ListView
        collection="access_keys"
        caption={t('accessKeys.caption')}
        columns={columns}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('accessKeys.search')}
        rowClass={(row) => (row.revoked_at ? s.revokedRow : undefined)}
        toolbar={
          <>
            <LiveStatus loadedAt={list.data.loadedAt} />
            <Button onClick={() => setCreating(true)}>{t('accessKeys.create')}</Button>
          </>
        }
        empty={<p>{t('accessKeys.empty')}</p>}
      />
      {creating && (
        <KeyForm
          rights={rights}
          onClose={() => setCreating(false)}
          onIssued={(key) => {
            setCreating(false)
            setIssued({ name: key.name, secret: key.secret })
          }}
        />
      )}
      <SecretDialog
        secret={issued?.secret ?? null}
        title={t('accessKeys.secretTitle', { name: issued?.name ?? '' })}
        onClose={() => {
          // From here on only the prefix remains, in the list.
          setIssued(null)
          list.reload()
        }}
      />
      {renaming && (
        <KeyRename
          accessKey={renaming}
          onClose={() => setRenaming(null)}
          onSaved={() => {
            notify('success', 'record.saved')
            setRenaming(null)
            list.reload()
          }}
        />
      )}
      <KeyRevoke
        accessKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null)
          list.reload()
        }}
      />
    </section>
  )
}
