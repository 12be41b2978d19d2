import type { Right } from './rights'

/**
 * Work on many records at once: a preview freezes the set (ids picked by hand, or all a list's
 * search and filters match at that moment), a run changes them in batches with each record still
 * checked, and an undo puts back what nobody changed since.
 *
 * Devices have no group of their own: their location is what places them, so "move to a group"
 * sets the location of each. Approving takes the pending devices among them and skips the rest.
 */
export const BULK_ACTIONS = {
  devices: ['tag_add', 'tag_remove', 'set_location', 'disable', 'enable', 'delete', 'approve'],
  access_keys: ['revoke'],
  users: ['disable', 'set_roles'],
  tunnels: ['enable', 'disable'],
} as const

export type BulkCollection = keyof typeof BULK_ACTIONS
export type BulkAction = (typeof BULK_ACTIONS)[BulkCollection][number]

/** The right a bulk action on a collection takes: the collection's own, as a single write does. */
export const bulkRight = (collection: BulkCollection): Right => collection

/** What an action needs besides its records: the tag to add or remove, the location, the roles. */
export interface BulkParams {
  tag?: string
  location?: string
  /** Role ids that replace each user's roles. */
  roles?: string[]
}

/**
 * The records: `ids` picked on screen (at most `MAX_BULK_IDS`), or `filters` and `q` read as the
 * list reads them (`filters.status = ['online', 'offline']`), every page of it.
 */
export type BulkSelection = { ids: string[] } | { q?: string; filters: Record<string, string[]> }

/** `POST /bulk/preview` */
export interface BulkRequest {
  collection: BulkCollection
  action: BulkAction
  params?: BulkParams
  selection: BulkSelection
}

/** More rows than a person can tick on pages of 25; a filter takes the rest. */
export const MAX_BULK_IDS = 1000
/** The most records one job touches; a larger filter is refused at preview (400), to be narrowed. */
export const MAX_BULK_RECORDS = 100_000
/** A preview not run within this time is gone (its run is a 404). */
export const BULK_PREVIEW_TTL_MS = 10 * 60_000
/** How long the console offers the undo beside the finished job; the audit entry offers it later. */
export const BULK_UNDO_MS = 10_000
/** Records written per transaction while a job runs. */
export const BULK_BATCH = 500

/** Who gains and who loses what when users' roles change, as the role screen says it for one role. */
export interface BulkBlastRadius {
  /** Members whose rights change at all. */
  members: number
  gained: Right[]
  lost: Right[]
  /** Members who would lose the right to manage roles. */
  losing_roles: number
}

/** The answer of a preview: a job, not run yet. */
export interface BulkPreview {
  id: string
  collection: BulkCollection
  action: BulkAction
  params: BulkParams
  /** Records the run will touch. */
  count: number
  /** For `users`: the blast radius of the change. */
  blast?: BulkBlastRadius
  expires_at: string
}

export const BULK_STATUSES = ['previewed', 'running', 'done', 'failed', 'undone'] as const
export type BulkStatus = (typeof BULK_STATUSES)[number]

/** A record the job or its undo left as it was, and why (a message from the server's locale). */
export interface BulkSkip {
  id: string
  name: string
  reason: string
}

/** `GET /bulk/{id}`: a job and where it stands. */
export interface BulkJob extends BulkPreview {
  status: BulkStatus
  /** Records handled so far (changed or skipped). */
  done: number
  changed: number
  skipped: BulkSkip[]
  /** The list's search and filters, in words for the trail: `status: online, offline; tag: lobby`. */
  selection_label: string
  created_at: string
  finished_at: string | null
  /** The audit entry the job wrote once done. */
  audit_id: string | null
  /** Whether an undo may still be asked for: done, and not undone yet. */
  undoable: boolean
}

/** `POST /bulk/{id}/undo`: what came back, and the records left because they changed since. */
export interface BulkUndo {
  restored: number
  left: BulkSkip[]
}

/** `GET /bulk/{id}/records`: the records of a finished job, as the audit entry lists them beneath. */
export interface BulkRecord {
  id: string
  name: string
  outcome: 'changed' | 'skipped' | 'restored' | 'left'
  reason?: string
}

/** `event: bulk` on the events stream, to the organization's holders of the collection's right. */
export interface BulkEvent {
  id: string
  collection: BulkCollection
  status: BulkStatus
  done: number
  count: number
}

export const BULK_PATH = '/bulk'
export const bulkPath = (id?: string, tail?: 'run' | 'undo' | 'records') => [BULK_PATH, id && encodeURIComponent(id), tail].filter(Boolean).join('/')

/** Every action of every collection, once each. */
export const ALL_BULK_ACTIONS = [...new Set(Object.values(BULK_ACTIONS).flat())] as BulkAction[]
export const BULK_COLLECTIONS = Object.keys(BULK_ACTIONS) as BulkCollection[]

/** Whether `action` is one of `collection`'s. */
export const isBulkAction = (collection: BulkCollection, action: string): action is BulkAction =>
  (BULK_ACTIONS[collection] as readonly string[]).includes(action)

/** The search a list takes, at most 200 characters. */
export const MAX_BULK_SEARCH = 200
/** More role ids than any organization has. */
export const MAX_BULK_ROLES = 100

// The checked body of a preview is `BulkRequestBody` in `bulk-request.ts`, apart, so a screen that
// reads the actions and shapes here loads no struct.
