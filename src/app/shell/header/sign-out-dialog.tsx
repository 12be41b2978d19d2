import { useStore } from '@nanostores/react'
import { useLocation } from 'wouter'
import { pluralKey } from '../../../lib/plural'
import { $locale } from '../../../stores/locale'
import { $outbox, unsentCount } from '../../../stores/outbox-entries'
import { keepSignedIn, signOutAnyway } from '../../../stores/sign-out'
import { ConfirmDialog } from '../../../ui/record/confirm-dialog'
import { useT } from '../../../ui/use-t'

/**
 * Asks before a sign-out drops the changes that have not reached the server. A part of the screen
 * table (src/app/screens.ts): nothing of it is in the shell's first load.
 */
export default function SignOutDialog() {
  const t = useT()
  const locale = useStore($locale)
  const count = unsentCount(useStore($outbox))
  const [, navigate] = useLocation()
  const signOut = async () => {
    if (await signOutAnyway()) navigate('~/')
  }
  return (
    <ConfirmDialog open title={t('header.signOutTitle')} confirmLabel={t('header.signOutAnyway')} onConfirm={() => void signOut()} onClose={keepSignedIn}>
      <p>{t(pluralKey('header.signOutUnsent', count, locale), { n: count })}</p>
    </ConfirmDialog>
  )
}
