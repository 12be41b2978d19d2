import { useEffect, useState } from 'react'
import { deviceCredential, revokeDeviceCredential } from '../../api/enrollment'
import type { Device } from '../../contract/devices'
import type { DeviceCredential as Credential } from '../../contract/enrollment'
import { messageText } from '../../lib/i18n'
import { live } from '../../stores/live'
import { notify } from '../../stores/notices'
import { Age } from '../../ui/age'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import '../../ui/enrollment/texts'
import { lazyPart } from '../../ui/lazy-part'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import card from './device-screen.module.css'
import s from './device-summary.module.css'

const DeviceConnectDialog = lazyPart(() => import('./device-connect').then((part) => part.DeviceConnectDialog))

type Read = { status: 'loading' } | { status: 'none' } | { status: 'error'; message: string } | { status: 'ready'; credential: Credential }

/** The device's credential as last read, read again when the device's record changes (a new enrollment). */
function useCredential(deviceId: string) {
  const [read, setRead] = useState<Read>({ status: 'loading' })
  const [round, setRound] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    void deviceCredential(deviceId, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      // None after a revoke here: the revoked one stays in view, marked so.
      const none = (old: Read): Read => (old.status === 'ready' && old.credential.revoked_at ? old : { status: 'none' })
      if (result.ok) setRead(result.data ? { status: 'ready', credential: result.data } : none)
      else if (result.status === 404) setRead(none)
      else setRead((old) => (old.status === 'ready' ? old : { status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [deviceId, round])
  useEffect(
    () =>
      live.listen((event) => {
        if (event.type === 'reset' || (event.type === 'change' && event.data.collection === 'devices' && event.data.id === deviceId)) setRound((n) => n + 1)
      }),
    [deviceId],
  )
  return { read, setRead }
}

/**
 * The credential the device reports with: when it was made, when it ends, when it was last used,
 * and Revoke (asked first; the device's next call is refused). A device without one offers the
 * commands that connect it.
 */
export function DeviceCredentialSection({ device }: { device: Device }) {
  const t = useT()
  const { read, setRead } = useCredential(device.id)
  const [revoking, setRevoking] = useState(false)
  const [connecting, setConnecting] = useState(false)
  const [busy, setBusy] = useState(false)

  async function revoke() {
    if (read.status !== 'ready') return
    setBusy(true)
    const result = await revokeDeviceCredential(device.id)
    setBusy(false)
    setRevoking(false)
    if (!result.ok) return notify('error', result.message)
    notify('success', 'enrollment.credentialRevoked')
    const answered = result.data && typeof result.data === 'object' && result.data.revoked_at ? result.data : undefined
    setRead({ status: 'ready', credential: answered ?? { ...read.credential, revoked_at: new Date().toISOString() } })
  }

  const connect = (
    <Button variant="secondary" onClick={() => setConnecting(true)}>
      {t('enrollment.connect')}
    </Button>
  )
  return (
    <section className={card.card} aria-labelledby="device-credential">
      <h3 id="device-credential" className={card.cardTitle}>
        {t('enrollment.credential')}
      </h3>
      {read.status === 'loading' && <Spinner label={t('enrollment.credentialLoading')} />}
      {read.status === 'error' && <p className={card.muted}>{messageText(read.message)}</p>}
      {read.status === 'none' && (
        <>
          <p className={card.muted}>{t('enrollment.noCredential')}</p>
          <div className={s.actions}>{connect}</div>
        </>
      )}
      {read.status === 'ready' && (
        <>
          <div className={s.title}>
            <code className={s.mono} dir="ltr">
              {read.credential.prefix}…
            </code>
            {read.credential.revoked_at ? (
              <Badge tone="muted" hollow>
                {t('enrollment.revoked')}
              </Badge>
            ) : (
              <Badge tone="success">{t('enrollment.active')}</Badge>
            )}
          </div>
          <dl className={s.facts}>
            <div className={s.fact}>
              <dt>{t('enrollment.made')}</dt>
              <dd>
                <Age at={read.credential.created_at} />
              </dd>
            </div>
            <div className={s.fact}>
              <dt>{t('enrollment.expires')}</dt>
              <dd>
                <Age at={read.credential.expires_at} />
              </dd>
            </div>
            <div className={s.fact}>
              <dt>{t('enrollment.lastUsed')}</dt>
              <dd>
                <Age at={read.credential.last_used_at} />
              </dd>
            </div>
            {read.credential.revoked_at && (
              <div className={s.fact}>
                <dt>{t('enrollment.revokedAt')}</dt>
                <dd>
                  <Age at={read.credential.revoked_at} />
                </dd>
              </div>
            )}
          </dl>
          <p className={card.muted}>{t('enrollment.renewsItself')}</p>
          <div className={s.actions}>
            {read.credential.revoked_at ? (
              connect
            ) : (
              <Button variant="secondary" onClick={() => setRevoking(true)}>
                {t('enrollment.revokeCredential')}
              </Button>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={revoking}
        title={t('enrollment.revokeCredentialTitle', { name: device.name })}
        confirmLabel={t('enrollment.revokeCredential')}
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(false)}
      >
        <p>{t('enrollment.revokeCredentialBody')}</p>
      </ConfirmDialog>
      {connecting && <DeviceConnectDialog device={device} onClose={() => setConnecting(false)} />}
    </section>
  )
}
