import type { EnrollmentKey } from '../../contract/enrollment'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { AgentCommands } from '../../ui/enrollment/agent-commands'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { SecretDialog } from '../../ui/record/secret-dialog'
import { useT } from '../../ui/use-t'
import { EnrolledDevices } from './enrolled-devices'
import s from './enrollment-keys.module.css'
import './texts'

/**
 * "Add many devices": the new key's secret, shown once, with the commands that enroll a device
 * (key filled in, each copyable), and below them the devices it enrolls as they appear.
 */
export function EnrollmentKeyIssued({ issued, onClose }: { issued: { key: EnrollmentKey; secret: string } | null; onClose: () => void }) {
  const t = useT()
  return (
    <SecretDialog
      secret={issued?.secret ?? null}
      title={t('enrollmentKeys.secretTitle', { name: issued?.key.name ?? '' })}
      warning={t('enrollmentKeys.secretWarning')}
      onClose={onClose}
      after={
        issued && (
          <div className={s.after}>
            <h3 className={s.enrolledTitle}>{t('enrollmentKeys.runOnDevice')}</h3>
            <AgentCommands origin={location.origin} secret={issued.secret} />
            <EnrolledDevices keyId={issued.key.id} />
          </div>
        )
      }
    />
  )
}

/** A key's devices, later: the secret is gone, the devices it enrolled still appear live. */
export function EnrollmentKeyDevices({ enrollmentKey, onClose }: { enrollmentKey: EnrollmentKey | null; onClose: () => void }) {
  const t = useT()
  return (
    <Dialog open={enrollmentKey !== null} onClose={onClose} title={t('enrollmentKeys.devicesTitle', { name: enrollmentKey?.name ?? '' })} width={560}>
      <DialogBody>{enrollmentKey && <EnrolledDevices keyId={enrollmentKey.id} />}</DialogBody>
      <DialogActions>
        <Button onClick={onClose} data-autofocus>
          {t('enrollmentKeys.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
