import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect } from 'react'
import { notify } from '../../../stores/notices'
import { $session, hideMessage } from '../../../stores/session'
import { NoticeBar } from './notice-bar'
import { $openPanel, closePanel, showGuideOnFirstVisit } from './panel-state'

// Rarely opened, so loaded on the first open.
const GuideDialog = lazy(() => import('./guide-dialog'))
const SettingsDrawer = lazy(() => import('./settings-drawer'))

/** Shows a session message (a failed sign-out, say) as an error notice, then clears it. */
function useSessionNotices(): void {
  useEffect(
    () =>
      $session.subscribe(({ loggedIn, message }) => {
        if (!loggedIn || !message) return
        notify('error', message)
        hideMessage()
      }),
    [],
  )
}

/** The shell's overlays: the notification bar, the guide dialog and the settings drawer. */
export function Panels() {
  const open = useStore($openPanel)
  useSessionNotices()
  useEffect(showGuideOnFirstVisit, [])
  return (
    <>
      <NoticeBar />
      <Suspense fallback={null}>
        {open === 'guide' && <GuideDialog onClose={closePanel} />}
        {open === 'settings' && <SettingsDrawer onClose={closePanel} />}
      </Suspense>
    </>
  )
}
