import { lazy, Suspense, type ComponentType } from 'react'

/**
 * A part of a screen that is not needed to show it (a form in a dialog): its code loads when it
 * is first rendered, and nothing shows in its place meanwhile.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })))
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
}
