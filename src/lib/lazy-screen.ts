import { createElement, lazy, type ComponentType } from 'react'

export interface LazyScreen {
  (props: object): ReturnType<typeof createElement>
  /** Loads the screen's code; once done, the screen renders without suspending. */
  preload(): Promise<void>
}

/**
 * A screen whose code loads on demand. Unlike a bare `lazy`, a preloaded screen renders
 * at once, so a prerendered page hydrates without a suspended first render.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined
  let pending: Promise<void> | undefined
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default
      },
      (error) => {
        pending = undefined
        throw error
      },
    ))
  const Suspending = lazy(() => preload().then(() => ({ default: loaded as ComponentType })))
  const Screen = (props: object) => createElement(loaded ?? Suspending, props)
  Screen.preload = preload
  return Screen
}
