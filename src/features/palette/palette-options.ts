import { MENU, menuLinks, visibleMenu } from '../../app/menu'
import { readRights, type CollectionName } from '../../contract/collections'
import type { Organization } from '../../contract/user'
import type { IconName } from '../../ui/icons'

/** One line of the palette: it either goes to `href` (inside the console) or switches to `organization`. */
export interface PaletteOption {
  key: string
  label: string
  /** A second, quieter text: a serial, an e-mail, a key's prefix, a tunnel's device. */
  detail?: string
  icon: IconName
  href?: string
  organization?: Organization
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

/** Whether `text` holds the typed text, ignoring case; an empty text is held by everything. */
const matches = (text: string, needle: string) => text.toLowerCase().includes(needle)

export interface PaletteInput {
  query: string
  rights: readonly string[]
  organizations: readonly Organization[]
  currentOrganization?: string
  /** Records the server found for the query, by collection. */
  found: Partial<Record<RecordKind, FoundRecord[]>>
  t: (key: string, values?: Record<string, unknown>) => string
}

/** The screens of the menu the user's rights open, by their menu names, that hold the typed text. */
function screens({ query, rights, t }: PaletteInput): PaletteOption[] {
  const needle = query.trim().toLowerCase()
  return menuLinks(visibleMenu(MENU, rights))
    .map((item): PaletteOption => ({ key: `screen:${item.key}`, label: t(item.name), icon: item.icon ?? 'dot', href: `~${item.link}` }))
    .filter((option) => matches(option.label, needle))
}

/**
 * The actions the user's rights allow that hold the typed text: a new access key and a tunnel
 * (each needing the right of its screen), a tunnel on each device found, and switching to each
 * of the user's other organizations (open to every member, as the header's switcher is).
 */
function actions({ query, rights, organizations, currentOrganization, found, t }: PaletteInput): PaletteOption[] {
  const needle = query.trim().toLowerCase()
  const result: PaletteOption[] = []
  if (rights.includes('access_keys')) result.push({ key: 'action:new-key', label: t('palette.newAccessKey'), icon: 'key', href: '~/app/access_keys?new=1' })
  if (rights.includes('tunnels')) result.push({ key: 'action:new-tunnel', label: t('palette.newTunnel'), icon: 'tunnel', href: '~/app/tunnels?new=1' })
  for (const organization of organizations) {
    if (organization.id === currentOrganization) continue
    result.push({ key: `action:switch:${organization.id}`, label: t('palette.switchTo', { name: organization.name }), icon: 'organization', organization })
  }
  const matching = result.filter((option) => matches(option.label, needle))
  // A device found by its name offers a tunnel on it, whatever the action's own words.
  if (rights.includes('tunnels')) {
    for (const device of found.devices ?? []) {
      matching.push({ key: `action:tunnel:${device.id}`, label: t('palette.tunnelOn', { name: device.name }), icon: 'tunnel', href: `~/app/tunnels?device_id=${id(device.id)}&new=1` })
    }
  }
  return matching
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
