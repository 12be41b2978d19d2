/**
 * What a visitor did on a prerendered page before its script took over. On a slow link the form
 * shows seconds before it answers: the page's first inline script holds back a submit made in
 * that time (`window.earlySubmit`), and the fields keep what was typed while their components
 * start from empty values. As each field hydrates it takes the typed value as if typed again,
 * and a held submit is sent once its fields have: nothing typed is lost, no form posts to the
 * server.
 */
declare global {
  interface Window {
    /** Set by the page's inline script: the form submitted before hydration, if any. */
    earlySubmit?: HTMLFormElement
    /** True once the console answers input; the inline script lets submits through from then on. */
    consoleReady?: boolean
  }
}

let sending: ReturnType<typeof setTimeout> | undefined

/** Lets submits through from now on and sends the one held back, if any. */
export function markReady(): void {
  window.consoleReady = true
  const form = window.earlySubmit
  if (!form) return
  clearTimeout(sending)
  // After the components have rendered the values they just took.
  sending = setTimeout(() => {
    window.earlySubmit = undefined
    if (!form.isConnected) return
    if (typeof form.requestSubmit === 'function') form.requestSubmit()
    else form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  }, 0)
}

/**
 * Called once as a field mounts: when its element holds what the visitor typed before hydration
 * (a value, or a box ticked, unlike `current`), hands it to `onChange`.
 */
export function adoptTyped<T extends string | boolean>(field: HTMLInputElement | null, current: T, onChange: (value: T) => void): void {
  if (!field) return
  const typed = (field.type === 'checkbox' ? field.checked : field.value) as T
  if (typed !== current && typed !== '') onChange(typed)
  if (!window.consoleReady || window.earlySubmit?.contains(field)) markReady()
}
