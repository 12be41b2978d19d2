import { Route } from 'wouter'
// The shell finds its parts (the other layouts, the panels, the status notices) in the screen table.
import '../../../../src/app/screens'
import { markGuideSeen } from '../../../../src/app/shell/panels/panel-state'
import Shell from '../../../../src/app/shell/shell'
import type { Right } from '../../../../src/contract/rights'
import { $session, initialSession } from '../../../../src/stores/session'
import { $ui, UI_DEFAULTS, type Layout } from '../../../../src/stores/ui'
import { createUser } from '../../contract/factories'
import { act, renderAt } from '../../features/helpers'

export const ALL_RIGHTS: Right[] = ['organizations', 'billing', 'access_keys', 'users', 'roles', 'devices', 'tunnels', 'app_ids', 'network', 'traffic']

/** Renders the whole shell at `path` in `layout` for a user with every right (the guide already seen). */
export function openShell(path: string, layout: Layout = 'sidebar') {
  markGuideSeen()
  $ui.set({ ...UI_DEFAULTS, layout })
  const user = createUser({ name: 'Ada Lovelace', rights: ALL_RIGHTS })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  return renderAt(
    path,
    <Route path="/app" nest>
      <Shell>
        <p>the screen</p>
      </Shell>
    </Route>,
  )
}

/** Sets the window's size (happy-dom answers media queries from it and fires `resize`). */
export const resize = (width: number, height = 800) =>
  act(() => (window as unknown as { happyDOM: { setViewport: (size: object) => void } }).happyDOM.setViewport({ width, height }))
