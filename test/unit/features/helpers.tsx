import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { clearToken } from '../../../src/api/client'
import { $serverDown, $session, initialSession } from '../../../src/stores/session'
import { page, render } from '../ui/testing'

export { act, cleanup, descriptionOf, fireEvent, page, waitFor } from '../ui/testing'

/** Renders `ui` in a router whose location starts at `path`; `history` records every visit. */
export function renderAt(path: string, ui: ReactNode) {
  const memory = memoryLocation({ path, record: true })
  render(<Router hook={memory.hook}>{ui}</Router>)
  return { view: page(), history: memory.history }
}

/** A fresh, unknown session with no token and the server up. */
export function resetSession(): void {
  clearToken()
  $session.set(initialSession())
  $serverDown.set(false)
}
