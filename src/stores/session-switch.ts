/** The organization this tab is switching to itself, so following the switch is not told as another tab's. */
let mine: string | null = null

export function switchingHere(id: string | null): void {
  mine = id
}

/** True (once) when `id` is the organization this tab switched to itself. */
export function switchedHere(id: string): boolean {
  const was = mine === id
  if (was) mine = null
  return was
}
