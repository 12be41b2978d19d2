import { MENU, menuLinks, visibleMenu } from '../../menu'
import { readRights, type CollectionName } from '../../../contract/collections'
import type { Organization } from '../../../contract/user'
import type { IconName } from '../../../ui/icons'
import { rankByQuery } from './palette-match'

/** One line of the palette: it either goes to `href` (inside the console) or switches to `organization`. */
export interface PaletteOption {
  key: string
  label: string
  /** A second, quieter text: a serial, an e-mail, a key's prefix, a tunnel's device. */
  detail?: string
  icon: IconName
  href?: string
  organization?: Organization
  /** More words it is found by, not shown: "new" for Add device. */
  keywords?: string
}

export interface PaletteSection {
  /** Locale key of the section's heading. */
  heading: string
  options: PaletteOption[]
}

/** The collections the palette searches by name, in the order their sections show. */
export const RECORD_KINDS = ['devices', 'users', 'access_keys', 'tunnels'] as const satisfies readonly CollectionName[]
export type RecordKind = (typeof RECORD_KINDS)[number]

/** What the palette keeps of a found record. */
export interface FoundRecord {
  id: string
  name: string
  detail?: string
}

/** At most this many records of each collection. */
export const RECORDS_SHOWN = 5

/** Too short a text matches nearly every record: the server is asked from this many characters. */
export const MIN_SEARCH = 2

const HEADINGS: Record<RecordKind, string> = { devices: 'palette.devices', users: 'palette.users', access_keys: 'palette.accessKeys', tunnels: 'palette.tunnels' }
const ICONS: Record<RecordKind, IconName> = { devices: 'device', users: 'user', access_keys: 'key', tunnels: 'tunnel' }

const id = (value: string) => encodeURIComponent(value)

/** Where a found record leads: its own page when it has one, else its list searched for its name. */
const HREFS: Record<RecordKind, (record: FoundRecord) => string> = {
  devices: (record) => `~/app/devices/details?id=${id(record.id)}`,
  users: (record) => `~/app/users/details?id=${id(record.id)}`,
  access_keys: (record) => `~/app/access_keys?q=${id(record.name)}`,
  tunnels: (record) => `~/app/tunnels?q=${id(record.name)}`,
}

/** The collections whose records `rights` may read: the only ones the palette asks the server about. */
export const searchableKinds = (rights: readonly string[]): RecordKind[] =>
  RECORD_KINDS.filter((kind) => readRights(kind).some((right) => rights.includes(right)))

/** The options the typed words match, best first, by their labels and their hidden words. */
const matching = (query: string, options: readonly PaletteOption[]) =>
  rankByQuery(query, options, (option) => (option.keywords ? `${option.label} ${option.keywords}` : option.label))

export interface PaletteInput {
  query: string
  rights: readonly string[]
  organizations: readonly Organization[]
  currentOrganization?: string
  /** Records the server found for the query, by collection. */
  found: Partial<Record<RecordKind, FoundRecord[]>>
  t: (key: string, values?: Record<string, unknown>) => string
}

/** The screens of the menu the user's rights open whose menu names the typed words match. */
function screens({ query, rights, t }: PaletteInput): PaletteOption[] {
  const options = menuLinks(visibleMenu(MENU, rights)).map((item): PaletteOption => ({ key: `screen:${item.key}`, label: t(item.name), icon: item.icon ?? 'dot', href: `~${item.link}` }))
  return matching(query, options)
}

/** The dialogs the palette opens, each on its screen (`?new=1`), with the right that screen needs. */
const CREATE_ACTIONS = [
  { right: 'devices', key: 'new-device', label: 'palette.addDevice', keywords: 'palette.keywords.addDevice', icon: 'device', href: '~/app/devices?new=1' },
  { right: 'users', key: 'invite-user', label: 'palette.inviteUser', keywords: 'palette.keywords.inviteUser', icon: 'user', href: '~/app/users?new=1' },
  { right: 'access_keys', key: 'new-key', label: 'palette.newAccessKey', keywords: 'palette.keywords.newAccessKey', icon: 'key', href: '~/app/access_keys?new=1' },
  { right: 'tunnels', key: 'new-tunnel', label: 'palette.newTunnel', keywords: 'palette.keywords.newTunnel', icon: 'tunnel', href: '~/app/tunnels?new=1' },
] as const

/**
 * The actions the user's rights allow that the typed words match: a new device, user, access key
 * or tunnel (each needing the right of its screen), a tunnel on each device found, and switching
 * to each of the user's other organizations (open to every member, as the header's switcher is).
 */
function actions({ query, rights, organizations, currentOrganization, found, t }: PaletteInput): PaletteOption[] {
  const result: PaletteOption[] = CREATE_ACTIONS.filter((action) => rights.includes(action.right)).map((action) => ({
    key: `action:${action.key}`,
    label: t(action.label),
    keywords: t(action.keywords),
    icon: action.icon,
    href: action.href,
  }))
  for (const organization of organizations) {
    if (organization.id === currentOrganization) continue
    result.push({ key: `action:switch:${organization.id}`, label: t('palette.switchTo', { name: organization.name }), icon: 'organization', organization })
  }
  const matched = matching(query, result)
  // A device found by its name offers a tunnel on it, whatever the action's own words.
  if (rights.includes('tunnels')) {
    for (const device of found.devices ?? []) {
      matched.push({ key: `action:tunnel:${device.id}`, label: t('palette.tunnelOn', { name: device.name }), icon: 'tunnel', href: `~/app/tunnels?device_id=${id(device.id)}&new=1` })
    }
  }
  return matched
}

/** The palette's sections for what was typed, empty ones left out: screens, records by collection, actions. */
export function paletteSections(input: PaletteInput): PaletteSection[] {
  const records = RECORD_KINDS.map((kind) => ({
    heading: HEADINGS[kind],
    options: (input.found[kind] ?? []).map((record) => ({
      key: `${kind}:${record.id}`,
      label: record.name || input.t('palette.noName'),
      detail: record.detail,
      icon: ICONS[kind],
      href: HREFS[kind](record),
    })),
  }))
  return [{ heading: 'palette.screens', options: screens(input) }, ...records, { heading: 'palette.actions', options: actions(input) }].filter(
    (section) => section.options.length,
  )
}
