import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { AppIdRecord, IssuedAppId } from '../../contract/app-ids'
import { notify } from '../../stores/notices'
import { $session } from '../../stores/session'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ListView } from '../../ui/list/list-view'
import { LiveStatus } from '../../ui/live-status'
import { useCollectionList } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import { appColumns } from './app-columns'
import { APP_LIST, appIdsApi } from './app-ids-api'
import { ClientId } from './client-id'
import './texts'
import s from './app-ids.module.css'

// The forms load when first opened: the list shows without them.
const SecretDialog = lazyPart(() => import('../../ui/record/secret-dialog').then((part) => part.SecretDialog))
const AppDelete = lazyPart(() => import('./app-confirms').then((part) => part.AppDelete))
const AppRotate = lazyPart(() => import('./app-confirms').then((part) => part.AppRotate))
const AppForm = lazyPart(() => import('./app-form').then((part) => part.AppForm))
const TokenHelp = lazyPart(() => import('./token-help').then((part) => part.TokenHelp))

/**
 * The organization's app ids: OAuth2 clients that get short-lived tokens with the client
 * credentials grant. A client secret is shown once, when made or rotated, with how to get a token,
 * and dropped when that dialog closes; the list knows an app by its public client id only.
 */
export default function AppIdsScreen() {
  const t = useT()
  const rights = useStore($session).user?.rights ?? []
  const list = useCollectionList<AppIdRecord>({ collection: 'app_ids', list: appIdsApi.list, defaults: APP_LIST })
  const [editing, setEditing] = useState<AppIdRecord | 'new' | null>(null)
  const [issued, setIssued] = useState<IssuedAppId | null>(null)
  const [rotating, setRotating] = useState<AppIdRecord | null>(null)
  const [deleting, setDeleting] = useState<AppIdRecord | null>(null)

  const columns = appColumns(t, { onEdit: setEditing, onRotate: setRotating, onDelete: setDeleting })
  return (
    <section className={s.screen} aria-label={t('appIds.caption')}>
      <ListView
        caption={t('appIds.caption')}
        columns={columns}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('appIds.search')}
        toolbar={
          <>
            <LiveStatus loadedAt={list.data.loadedAt} />
            <Button onClick={() => setEditing('new')}>{t('appIds.create')}</Button>
          </>
        }
        empty={<p>{t('appIds.empty')}</p>}
      />
      {editing && (
        <AppForm
          app={editing === 'new' ? null : editing}
          rights={rights}
          onClose={() => setEditing(null)}
          onSaved={(app) => {
            setEditing(null)
            if ('client_secret' in app) setIssued(app)
            else {
              notify('success', 'record.saved')
              list.reload()
            }
          }}
        />
      )}
      <SecretDialog
        secret={issued?.client_secret ?? null}
        title={t('appIds.secretTitle', { name: issued?.name ?? '' })}
        warning={t('appIds.secretWarning')}
        label={t('appIds.secretLabel')}
        after={issued && <TokenHelp clientId={issued.client_id} />}
        onClose={() => {
          // From here on only the client id remains, in the list.
          setIssued(null)
          list.reload()
        }}
      >
        {issued && (
          <>
            <div className={s.credential}>
              <span className={s.credentialLabel}>{t('appIds.clientId')}</span>
              <ClientId name={issued.name} clientId={issued.client_id} />
            </div>
            <span className={s.credentialLabel}>{t('appIds.secretLabel')}</span>
          </>
        )}
      </SecretDialog>
      <AppRotate
        app={rotating}
        onClose={() => setRotating(null)}
        onRotated={(app) => {
          setRotating(null)
          if (app) setIssued(app)
          else list.reload()
        }}
      />
      <AppDelete
        app={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null)
          list.reload()
        }}
      />
    </section>
  )
}
