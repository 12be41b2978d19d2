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
