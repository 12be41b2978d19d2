import { useEffect, useRef, useState } from 'react'
import { issueConnectKey } from '../../api/enrollment'
import type { Device } from '../../contract/devices'
import { messageText } from '../../lib/i18n'
import { Badge } from '../../ui/badge'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import '../../ui/device-texts'
import { Dialog } from '../../ui/dialog'
import { AgentCommands } from '../../ui/enrollment/agent-commands'
import '../../ui/enrollment/texts'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { useConnected } from './use-connected'
import s from './device-connect.module.css'

type Key = { status: 'making' } | { status: 'ready'; secret: string } | { status: 'error'; message: string }

/** A reading the device reported, or a dash. */
const shown = (value: string | undefined) => value || '—'

/** The device as it connected: its address, OS and firmware. */
function Connected({ device }: { device: Device }) {
  const t = useT()
  return (
    <div className={s.connected}>
      <Banner variant="success">{t('enrollment.connected')}</Banner>
      <dl className={s.facts}>
        <div>
          <dt>{t('devices.fields.ip')}</dt>
          <dd dir="ltr">{shown(device.ip)}</dd>
        </div>
        <div>
          <dt>{t('enrollment.os')}</dt>
          <dd>{shown(device.os)}</dd>
        </div>
        <div>
          <dt>{t('devices.fields.firmware')}</dt>
          <dd>{shown(device.firmware)}</dd>
        </div>
      </dl>
    </div>
  )
}

/**
 * "Connect this device": a one-off key lasting a day is made for the device, and the commands to
 * run on it show with its serial (which re-attaches the device to this record) and its name. The
 * dialog then waits, live, for the first heartbeat and shows what the device reported.
 */
export function DeviceConnectDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const t = useT()
  const [key, setKey] = useState<Key>({ status: 'making' })
  const asked = useRef(false)
  const connected = useConnected(device.id)
  useEffect(() => {
    // One key per dialog, even when an effect runs twice.
    if (asked.current) return
    asked.current = true
    void issueConnectKey(t('enrollment.connectKeyName', { name: device.name })).then((result) =>
      setKey(result.ok ? { status: 'ready', secret: result.data.secret } : { status: 'error', message: result.message }),
    )
  }, [device.name, t])
  return (
    <Dialog open onClose={onClose} title={t('enrollment.connectTitle', { name: device.name })} closeLabel={t('enrollment.done')} width={640}>
      <DialogBody>
        <p>{t('enrollment.connectIntro')}</p>
        {key.status === 'making' && <Spinner label={t('enrollment.making')} />}
        {key.status === 'error' && <Banner variant="error">{messageText(key.message)}</Banner>}
        {key.status === 'ready' && <AgentCommands origin={location.origin} secret={key.secret} serial={device.serial} name={device.name} />}
        {key.status === 'ready' && <p className={s.note}>{t('enrollment.connectKeyNote')}</p>}
        {connected ? (
          <Connected device={connected} />
        ) : (
          <p className={s.waiting} role="status">
            <Badge tone="info" hollow>
              {t('enrollment.waiting')}
            </Badge>
          </p>
        )}
      </DialogBody>
      <DialogActions>
        <Button onClick={onClose}>{t('enrollment.done')}</Button>
      </DialogActions>
    </Dialog>
  )
}
