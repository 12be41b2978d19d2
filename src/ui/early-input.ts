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
/** Fields that took a typed value and have not drawn it yet, with that value. */
const adopting = new Map<HTMLInputElement, string | boolean>()
/** How long a held submit waits for its fields to draw what they took before it is sent anyway. */
const ADOPT_WAIT_MS = 1000

/** Sends the submit held back, if any, once every field has drawn the value it took. */
function sendHeld(): void {
  const form = window.earlySubmit
  if (!form) return
  clearTimeout(sending)
  const waiting = [...adopting.keys()].some((field) => form.contains(field))
  // After the components have rendered the values they took: the submit reads them.
  sending = setTimeout(
    () => {
      window.earlySubmit = undefined
      adopting.clear()
      if (!form.isConnected) return
      if (typeof form.requestSubmit === 'function') form.requestSubmit()
      else form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    },
    waiting ? ADOPT_WAIT_MS : 0,
  )
}

/** Lets submits through from now on and sends the one held back, if any. */
export function markReady(): void {
  window.consoleReady = true
  sendHeld()
}

/**
 * Called once as a field mounts: when its element holds what the visitor typed before hydration
 * (a value, or a box ticked, unlike `current`), hands it to `onChange`. React may draw that change
 * some tasks later (a hydrating page renders in slices), so a held submit waits for `adopted`.
 */
export function adoptTyped<T extends string | boolean>(field: HTMLInputElement | null, current: T, onChange: (value: T) => void): void {
  if (!field) return
  const typed = (field.type === 'checkbox' ? field.checked : field.value) as T
  if (typed !== current && typed !== '') {
    adopting.set(field, typed)
    onChange(typed)
  }
  if (!window.consoleReady || window.earlySubmit?.contains(field)) markReady()
}

/** Called as a field draws `current`: once it is the value the field took, a held submit may go. */
export function adopted(field: HTMLInputElement | null, current: string | boolean): void {
  if (!field || !adopting.has(field) || adopting.get(field) !== current) return
  adopting.delete(field)
  if (window.consoleReady) sendHeld()
}
