import { createElement, lazy, useEffect, useState, type ComponentType } from 'react'

/** What stands in for code that could not be downloaded, given a way to download it again. */
export type LoadFailure = ComponentType<{ retry: () => Promise<void> }>

/**
 * A `lazy` over `preload` that never throws to React: code that cannot be downloaded (offline, the
 * server gone) draws `failure` instead, whose retry downloads it again and then draws it in place
 * with the same props. A part drawn again later (a screen opened anew) tries once more by itself.
 */
export function retryingLazy<P extends object>(
  preload: () => Promise<void>,
  loaded: () => ComponentType<P> | undefined,
  failure: LoadFailure,
): ComponentType<P> {
  function Failed(props: P) {
    const [, redraw] = useState(0)
    const retry = () => preload().then(() => redraw((n) => n + 1))
    useEffect(() => {
      void retry().catch(() => undefined)
      // Once, as it is drawn.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [])
    const Loaded = loaded()
    return Loaded ? createElement(Loaded, props) : createElement(failure, { retry })
  }
  // The lazy wrapper takes the part's own props: its ref typing adds nothing the part does not declare.
  return lazy(() =>
    preload().then(
      () => ({ default: loaded() as ComponentType<P> }),
      () => ({ default: Failed }),
    ),
  ) as unknown as ComponentType<P>
}

/**
 * Loads once what `load` gives, keeping it: `preload` starts the download (or answers the one in
 * flight) and, once it failed, lets the next call try again; `loaded` is what arrived, if it did.
 */
export function loadOnce<T>(load: () => Promise<T>): { preload: () => Promise<void>; loaded: () => T | undefined } {
  let loaded: T | undefined
  let pending: Promise<void> | undefined
  const preload = () =>
    (pending ??= load().then(
      (value) => {
        loaded = value
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    ))
  return { preload, loaded: () => loaded }
}
