import { createElement, type ComponentType, type ReactNode } from 'react'
import { retryingLazy, type LoadFailure } from './lazy-retry'

type Props = { children?: ReactNode }
type Component = ComponentType<Props>
import { loadScreenStyles } from './screen-styles'

export interface LazyScreen {
  (props: Props): ReturnType<typeof createElement>
  /** Loads the screen's code and styles; once done, the screen renders without suspending. */
  preload(): Promise<void>
}

/**
 * A screen whose code and CSS load on demand. Unlike a bare `lazy`, a preloaded screen renders
 * at once, so a prerendered page hydrates without a suspended first render.
 */
const made = new Map<string, LazyScreen>()

/**
 * The screen of the table under `key`, for a part that must not import the table: the shell's
 * command palette (a module reaching the table reaches every screen, and esbuild would give its
 * stylesheet all of theirs). Undefined until the table has been made.
 */
export const screenOf = (key: string): LazyScreen | undefined => made.get(key)

/** Draws nothing: a table made without a load failure to show (in tests). */
const NO_FAILURE: LoadFailure = () => null

/** `failure` stands in for a screen whose code could not be downloaded (see retryingLazy). */
export function lazyScreen(key: string, load: () => Promise<{ default: Component }>, failure = NO_FAILURE): LazyScreen {
  let loaded: Component | undefined
  let pending: Promise<void> | undefined
  const preload = () =>
    (pending ??= Promise.all([load(), loadScreenStyles(key)]).then(
      ([module]) => {
        loaded = module.default
      },
      (error) => {
        pending = undefined
        throw error
      },
    ))
  const Suspending = retryingLazy<Props>(preload, () => loaded, failure)
  const Screen = (props: Props) => createElement(loaded ?? Suspending, props)
  Screen.preload = preload
  made.set(key, Screen)
  return Screen
}

/** Lazy screens from a table of loaders, each keyed like its route's screen. */
export function lazyScreens<K extends string>(loaders: Record<K, () => Promise<{ default: Component }>>, failure?: LoadFailure): Record<K, LazyScreen> {
  const screens = {} as Record<K, LazyScreen>
  for (const key of Object.keys(loaders) as K[]) screens[key] = lazyScreen(key, loaders[key], failure)
  return screens
}
