import { Suspense } from 'react'
import { screenOf } from '../../lib/lazy-screen'

/** The shell's parts in the screen table (src/app/screens.ts). */
export type ShellPartName = 'big-sidebar' | 'top-navigation' | 'mega-menu' | 'status-notices' | 'palette' | 'sign-out'

/**
 * A part of the shell that its first paint in the default layout does not need: a screen of the
 * screen table, so its code and stylesheet load when it is first drawn, and it draws once both are
 * in (nothing shows meanwhile). The other layouts are such parts; the small screen's drawer is a
 * later part instead (shell.tsx): its menu button must answer the first tap.
 */
export function ShellPart({ name }: { name: ShellPartName }) {
  const Loaded = screenOf(name)
  return Loaded ? (
    <Suspense fallback={null}>
      <Loaded />
    </Suspense>
  ) : null
}
