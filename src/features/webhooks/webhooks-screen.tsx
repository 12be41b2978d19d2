import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { sendTestEvent, webhooksApi } from '../../api/webhooks'
import type { IssuedWebhook, Webhook } from '../../contract/webhooks'
import { notify } from '../../stores/notices'
import { $session } from '../../stores/session'
import { AlertsNav } from '../../ui/alerts-nav'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { WEBHOOK_LIST } from '../../ui/list/list-defaults'
import { ListView } from '../../ui/list/list-view'
import { useCollectionList } from '../../ui/list/use-collection-list'
import { LiveStatus } from '../../ui/live-status'
import { useT } from '../../ui/use-t'
import { webhookColumns } from './webhook-columns'
import './texts'
import s from './webhooks.module.css'

// The dialogs load when first opened: the list shows without them.
const SecretDialog = lazyPart(() => import('../../ui/record/secret-dialog').then((part) => part.SecretDialog))
const WebhookForm = lazyPart(() => import('./webhook-form').then((part) => part.WebhookForm))
const WebhookRotate = lazyPart(() => import('./webhook-confirms').then((part) => part.WebhookRotate))
const WebhookDelete = lazyPart(() => import('./webhook-confirms').then((part) => part.WebhookDelete))
const DeliveryLog = lazyPart(() => import('./delivery-log').then((part) => part.DeliveryLog))

/**
 * The organization's webhooks: where alert rules send their notifications, signed. A signing
 * secret is shown once, when made or rotated, and dropped when that dialog closes. Holders of
 * `devices` see the list and the logs; changing anything takes `alerts`.
 */
export default function WebhooksScreen() {
  const t = useT()
  const canWrite = (useStore($session).user?.rights ?? []).includes('alerts')
  const list = useCollectionList<Webhook>({ collection: 'webhooks', list: webhooksApi.list, defaults: WEBHOOK_LIST })
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null)
  const [issued, setIssued] = useState<IssuedWebhook | null>(null)
  const [rotating, setRotating] = useState<Webhook | null>(null)
  const [deleting, setDeleting] = useState<Webhook | null>(null)
  const [logOf, setLogOf] = useState<Webhook | null>(null)

  const sendTest = async (webhook: Webhook) => {
    const result = await sendTestEvent(webhook.id)
    notify(result.ok ? 'success' : 'error', result.ok ? 'webhooks.testSent' : result.message)
  }
  const columns = webhookColumns(t, {
    onLog: setLogOf,
    ...(canWrite ? { onEdit: setEditing, onRotate: setRotating, onTest: sendTest, onDelete: setDeleting } : {}),
  })
  // The open log reads again whenever its webhook's last try changes.
  const logged = logOf ? list.data.rows.find((row) => row.id === logOf.id) : undefined
  return (
    <section className={s.screen} aria-label={t('webhooks.caption')}>
      <AlertsNav />
      <ListView
        caption={t('webhooks.caption')}
        columns={columns}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('webhooks.search')}
        toolbar={
          <>
            <LiveStatus loadedAt={list.data.loadedAt} />
            {canWrite && <Button onClick={() => setEditing('new')}>{t('webhooks.create')}</Button>}
          </>
        }
        empty={<p>{t('webhooks.empty')}</p>}
      />
      {editing && (
        <WebhookForm
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(webhook) => {
            setEditing(null)
            if ('secret' in webhook) setIssued(webhook)
            else {
              notify('success', 'record.saved')
              list.reload()
            }
          }}
        />
      )}
      <SecretDialog
        secret={issued?.secret ?? null}
        title={t('webhooks.secretTitle', { name: issued?.name ?? '' })}
        warning={t('webhooks.secretWarning')}
        label={t('webhooks.secretLabel')}
        onClose={() => {
          // From here on the secret is nowhere in the console.
          setIssued(null)
          list.reload()
        }}
      />
      <WebhookRotate
        webhook={rotating}
        onClose={() => setRotating(null)}
        onRotated={(webhook) => {
          setRotating(null)
          if (webhook) setIssued(webhook)
          else list.reload()
        }}
      />
      <WebhookDelete
        webhook={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null)
          list.reload()
        }}
      />
      {logOf && <DeliveryLog webhook={logOf} version={`${logged?.last_delivery?.at ?? ''}`} onClose={() => setLogOf(null)} />}
    </section>
  )
}
