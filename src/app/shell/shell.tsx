import type { ReactNode } from 'react'
import '../../ui/console-texts'

/** The frame around every signed-in screen. */
export default function Shell({ children }: { children?: ReactNode }) {
  return <main id="content">{children}</main>
}
