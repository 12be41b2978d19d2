import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useLocation } from 'wouter'
import type { Result } from '../../../api/client'
import { collection, type Page } from '../../../api/collection'
import type { AccessKey } from '../../../contract/access-keys'
import type { BaseRecord, ListQuery } from '../../../contract/collections'
import type { Device } from '../../../contract/devices'
import type { Tunnel } from '../../../contract/tunnels'
import type { Organization } from '../../../contract/user'
import type { UserRecord } from '../../../contract/users'
import { notify } from '../../../stores/notices'
import { $session } from '../../../stores/session'
import { AFTER_SWITCH, switchOrganization } from '../../../stores/switch-organization'
import '../../../ui/console-texts'
import { Dialog } from '../../../ui/dialog'
import { Icon } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import { MIN_SEARCH, paletteSections, RECORDS_SHOWN, searchableKinds, type FoundRecord, type PaletteOption, type RecordKind } from './palette-options'
import s from './palette.module.css'
import './texts'

/** The server is asked this long after the last keystroke, not on every one. */
export const SEARCH_DELAY_MS = 200

/** Each collection's list call, and what the palette shows of one of its records. */
const SEARCHES: Record<RecordKind, (q: string, signal: AbortSignal) => Promise<FoundRecord[] | null>> = {
  devices: (q, signal) => find(collection<Device>('devices'), q, signal, (row) => ({ id: row.id, name: row.name, detail: row.serial })),
  users: (q, signal) => find(collection<UserRecord>('users'), q, signal, (row) => ({ id: row.id, name: row.name || row.email, detail: row.email })),
  access_keys: (q, signal) => find(collection<AccessKey>('access_keys'), q, signal, (row) => ({ id: row.id, name: row.name, detail: row.prefix })),
  tunnels: (q, signal) => find(collection<Tunnel>('tunnels'), q, signal, (row) => ({ id: row.id, name: row.name, detail: row.device_name })),
}

/** The first records of a collection the server's search finds for `q`; null when it could not answer. */
async function find<T extends BaseRecord>(
  api: { list: (query: ListQuery, signal?: AbortSignal) => Promise<Result<Page<T>>> },
  q: string,
  signal: AbortSignal,
  shown: (row: T) => FoundRecord,
): Promise<FoundRecord[] | null> {
  const result = await api.list({ q, per_page: RECORDS_SHOWN }, signal)
  return result.ok ? result.data.rows.slice(0, RECORDS_SHOWN).map(shown) : null
}

interface Found {
  loading: boolean
  failed: boolean
  records: Partial<Record<RecordKind, FoundRecord[]>>
}

const NOTHING: Found = { loading: false, failed: false, records: {} }

/**
 * The records of `kinds` whose names hold `query`, asked of the server a short while after the
 * last keystroke; a newer text cancels the requests of the one before, so an old answer never
 * shows under a new text.
 */
function useRecordSearch(query: string, kinds: readonly RecordKind[]): Found {
  const [found, setFound] = useState<Found>(NOTHING)
  const q = query.trim()
  const asked = kinds.join()
  useEffect(() => {
    if (q.length < MIN_SEARCH || !kinds.length) {
      setFound(NOTHING)
      return
    }
    setFound({ ...NOTHING, loading: true })
    const controller = new AbortController()
    const timer = setTimeout(() => {
      void Promise.all(kinds.map((kind) => SEARCHES[kind](q, controller.signal).then((rows) => [kind, rows] as const))).then((answers) => {
        if (controller.signal.aborted) return
        const records: Found['records'] = {}
        for (const [kind, rows] of answers) if (rows) records[kind] = rows
        setFound({ loading: false, failed: answers.some(([, rows]) => !rows), records })
      })
    }, SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // `asked` stands for the kinds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, asked])
  return found
}

/** The option a key moves to from `index` among `count`: Up and Down wrap, Home and End go to the ends. */
export function moveTo(key: string, index: number, count: number): number | undefined {
  if (!count) return undefined
  if (key === 'ArrowDown') return index + 1 >= count ? 0 : index + 1
  if (key === 'ArrowUp') return index <= 0 ? count - 1 : index - 1
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return undefined
}

/**
 * The command palette: one box that goes to any screen the user's rights open, finds devices,
 * users, access keys and tunnels by name through the server's search, and runs actions (a new
 * key, a tunnel on a device, another organization). A combobox over a grouped listbox in a modal
 * dialog: the focus stays in the box, Up and Down move through the options, Enter runs the one
 * marked, Esc closes and gives the focus back.
 */
export function Palette({ onClose }: { onClose: () => void }) {
  const t = useT()
  const id = useId()
  const user = useStore($session).user
  const rights = user?.rights ?? []
  const [, navigate] = useLocation()
  const [query, setQuery] = useState('')
  const [activeKey, setActiveKey] = useState('')
  const found = useRecordSearch(query, searchableKinds(rights))

  const sections = paletteSections({
    query,
    rights,
    organizations: user?.organizations ?? [],
    currentOrganization: user?.organization.id,
    found: found.records,
    t,
  })
  const options = sections.flatMap((section) => section.options)
  // The marked option stays marked while answers arrive; when it goes, the first one is marked.
  const activeIndex = Math.max(0, options.findIndex((option) => option.key === activeKey))
  const active = options[activeIndex]
  const optionId = (option: PaletteOption) => `${id}-${options.indexOf(option)}`

  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active?.key])

  const switchTo = async (organization: Organization) => {
    const result = await switchOrganization(organization.id)
    if (!result.ok) return notify('error', result.message)
    notify('success', t('organizationMenu.switched', { name: organization.name }))
    navigate(AFTER_SWITCH)
  }

  const run = (option: PaletteOption) => {
    onClose()
    if (option.href) navigate(option.href)
    else if (option.organization) void switchTo(option.organization)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = moveTo(event.key, activeIndex, options.length)
    if (next !== undefined) {
      event.preventDefault()
      setActiveKey(options[next]!.key)
    } else if (event.key === 'Enter' && active) {
      event.preventDefault()
      run(active)
    }
  }

  const status = found.loading ? t('palette.searching') : !options.length ? t('palette.none') : found.failed ? t('palette.failed') : ''
  return (
    <Dialog open onClose={onClose} title={t('palette.title')} width={640} className={s.palette}>
      <div className={s.search}>
        <Icon name="search" className={s.icon} />
        <input
          type="text"
          role="combobox"
          className={s.input}
          value={query}
          placeholder={t('palette.placeholder')}
          aria-label={t('palette.label')}
          aria-autocomplete="list"
          aria-expanded={options.length > 0}
          aria-controls={`${id}-list`}
          aria-activedescendant={active ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div id={`${id}-list`} role="listbox" aria-label={t('palette.results')} className={s.list}>
        {sections.map((section) => (
          <ul key={section.heading} role="group" aria-labelledby={`${id}-${section.heading}`} className={s.group}>
            <li role="presentation" id={`${id}-${section.heading}`} className={s.heading}>
              {t(section.heading)}
            </li>
            {section.options.map((option) => (
              <li
                key={option.key}
                id={optionId(option)}
                role="option"
                aria-selected={option === active}
                className={clsx(s.option, option === active && s.active)}
                // The focus stays in the box: a click runs the option without taking it.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => option !== active && setActiveKey(option.key)}
                onClick={() => run(option)}
              >
                <Icon name={option.icon} size={18} className={s.optionIcon} />
                <bdi className={s.label}>{option.label}</bdi>
                {option.detail && <bdi className={s.detail}>{option.detail}</bdi>}
              </li>
            ))}
          </ul>
        ))}
      </div>
      <p role="status" className={s.status}>
        {status}
      </p>
      <p id={`${id}-hint`} className={s.hint}>
        {t('palette.hint')}
      </p>
    </Dialog>
  )
}
