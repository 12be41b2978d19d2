import { createElement, Suspense, useState, type ComponentType } from 'react'
import { loadOnce, retryingLazy } from '../lib/lazy-retry'
import { LoadFailed } from './load-failed'

/**
 * A part of a screen that is not needed to show it (a form in a dialog): its code loads when it
 * is first rendered, and nothing shows in its place meanwhile. Code that cannot be downloaded
 * says so in its place, with a retry.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const { preload, loaded } = loadOnce(load)
  const Part = retryingLazy(preload, loaded, LoadFailed)
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
}

/** A later part, with its code to load now when it is known to be needed soon. */
export type LaterPart<P> = ComponentType<P> & { preload(): Promise<void> }

/** The later parts' loaders not started yet, and whether the first screen has drawn. */
const waiting: (() => Promise<void>)[] = []
let started = false
/** A later part met once the others have loaded (in a kit loaded later) loads this long after. */
const LATE_PART_DELAY_MS = 1000

/**
 * A part that the console draws often but never in a screen's first paint (an open dialog's box,
 * the small screen's drawer): its code loads once the first screen has drawn (loadLaterParts), or
 * when first rendered if that comes sooner, with nothing in its place meanwhile. Once loaded, it
 * renders at once, without suspending.
 */
export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>): LaterPart<P> {
  const { preload, loaded } = loadOnce(load)
  if (started) setTimeout(() => void preload().catch(() => undefined), LATE_PART_DELAY_MS)
  else waiting.push(preload)
  const Part = retryingLazy(preload, loaded, LoadFailed)
  function LaterPart(props: P) {
    // Chosen once: one drawn through the lazy wrapper stays so when the code arrives, or the part
    // would be drawn anew (its state and focus lost) on its next render.
    const [ready] = useState(loaded)
    return ready ? (
      createElement(ready, props)
    ) : (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
  return Object.assign(LaterPart, { preload })
}

/**
 * Loads the later parts (see laterPart): once the first screen has drawn, so that the first open
 * dialog does not wait for the link. One that fails (offline) loads again when first drawn.
 */
export function loadLaterParts(): Promise<void> {
  started = true
  return Promise.all(waiting.splice(0).map((preload) => preload().catch(() => undefined))).then(() => undefined)
}
