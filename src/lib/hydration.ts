/**
 * When a prerendered page's screen has hydrated. React hydrates a Suspense boundary after the root
 * around it, and a store that changes while the boundary is still the server's HTML (the session
 * checked, the saved language) makes React give up that HTML and draw the screen again from
 * scratch. So a prerendered page changes those stores only once its screen's boundary has hydrated.
 */
let hydrated: () => void = () => undefined
export const screenHydrated = new Promise<void>((resolve) => {
  hydrated = resolve
})

/** Called by the screen's boundary once its content is live. */
export const markScreenHydrated = (): void => hydrated()
