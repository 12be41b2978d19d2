import { useStore } from '@nanostores/react'
import { Suspense, useEffect, useRef, type ComponentType } from 'react'
import { screenOf } from '../../../lib/lazy-screen'
import { notify } from '../../../stores/notices'
import { $session, hideMessage } from '../../../stores/session'
import { focusMainHeading } from '../route-focus'
import { NoticeBar } from './notice-bar'
import { $openPanel, closePanel, showGuideOnFirstVisit, type PanelName } from './panel-state'

// Rarely opened, so each loads on its first open with a stylesheet of its own: a part of the screen
// table (src/app/screens.ts), keyed like the panel, which the shell does not import.
const panel = (name: PanelName) => screenOf(name) as ComponentType<{ onClose: () => void }> | undefined

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
  const Panel = open ? panel(open) : undefined
  useSessionNotices()
  useEffect(showGuideOnFirstVisit, [])
  // A panel closed goes back to what opened it; one that opened by itself (the guide on a first
  // visit) to the screen's heading, not the page's start.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) wasOpen.current = true
    else if (wasOpen.current) {
      wasOpen.current = false
      focusMainHeading()
    }
  }, [open])
  return (
    <>
      <NoticeBar />
      {Panel && (
        <Suspense fallback={null}>
          <Panel onClose={closePanel} />
        </Suspense>
      )}
    </>
  )
}
