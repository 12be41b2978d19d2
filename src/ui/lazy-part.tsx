import { lazy, Suspense, type ComponentType } from 'react'

/**
 * A part of a screen that is not needed to show it (a form in a dialog): its code loads when it
 * is first rendered, and nothing shows in its place meanwhile.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // The lazy wrapper takes the part's own props: its ref typing adds nothing the part does not declare.
  const Part = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
}
