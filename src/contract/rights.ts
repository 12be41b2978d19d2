/** Every right a role can grant; each names the collection or screen it opens. */
export const RIGHTS = [
  'organizations',
  'billing',
  'access_keys',
  'users',
  'roles',
  'devices',
  'tunnels',
  'app_ids',
  'network',
  'traffic',
  'alerts',
] as const

export type Right = (typeof RIGHTS)[number]

export const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value)

/** The rights that may read what `right` opens: whoever watches the fleet (`devices`) may read its alerts. */
export const readersOf = (right: Right): readonly Right[] => (right === 'alerts' ? ['alerts', 'devices'] : [right])

/**
 * What a right needs to do its work, read from the screens and the server's checks: a tunnel is
 * opened to a device picked from the devices list; an alert rule picks a device and a mute names
 * one; an invitation or a member's roles are picked from the roles list. A role is saved with what
 * its rights need (the editor checks them too), so no screen is left half working.
 */
export const RIGHT_NEEDS: Readonly<Partial<Record<Right, readonly Right[]>>> = {
  tunnels: ['devices'],
  alerts: ['devices'],
  users: ['roles'],
}

export const needsOf = (right: Right): readonly Right[] => RIGHT_NEEDS[right] ?? []

/** `rights` with everything they need, once each, in the order of RIGHTS. */
export function withNeeds(rights: readonly Right[]): Right[] {
  const all = new Set<Right>(rights)
  for (let grew = true; grew; ) {
    const size = all.size
    for (const right of [...all]) needsOf(right).forEach((needed) => all.add(needed))
    grew = all.size > size
  }
  return RIGHTS.filter((right) => all.has(right))
}

/** The rights among `rights` that need `right`: while one of them is granted, it stays. */
export const neededBy = (right: Right, rights: readonly Right[]): Right[] => RIGHTS.filter((other) => rights.includes(other) && withNeeds([other]).includes(right) && other !== right)
