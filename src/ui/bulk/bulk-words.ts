import type { BulkAction, BulkBlastRadius, BulkCollection, BulkJob, BulkParams } from '../../contract/bulk'
import type { Right } from '../../contract/rights'
import { pluralKey } from '../../lib/plural'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** A number as the language writes it: "1,000" in English, "1.000" in German. */
export const formatCount = (locale: string, n: number): string => new Intl.NumberFormat(locale).format(n)

/** A count in words with the form its language takes for it: "1 device", "1,000 devices". */
export const counted = (t: Translate, locale: string, base: string, n: number, params: Record<string, unknown> = {}): string =>
  t(pluralKey(base, n, locale), { n: formatCount(locale, n), ...params })

/** The records of a collection, counted: "240 devices". */
export const recordsText = (t: Translate, locale: string, collection: BulkCollection, n: number): string =>
  counted(t, locale, `bulk.records.${collection}`, n)

/** The confirm button, named for the action and its count: "Tag 240 devices". */
export const confirmLabel = (t: Translate, locale: string, collection: BulkCollection, action: BulkAction, n: number): string =>
  counted(t, locale, `bulk.confirm.${collection}.${action}`, n)

/** Whether an action takes something away that the one-record screens ask about in red. */
export const isDanger = (action: BulkAction): boolean => action === 'delete' || action === 'revoke'

/** What the action sets, as the preview restates it ("Tag: lobby"); nothing for actions without a value. */
export function paramsText(t: Translate, action: BulkAction, params: BulkParams, roleName: (id: string) => string): string {
  if (action === 'tag_add' || action === 'tag_remove') return t('bulk.params.tag', { tag: params.tag ?? '' })
  if (action === 'set_location') return params.location ? t('bulk.params.location', { location: params.location }) : t('bulk.params.noLocation')
  if (action === 'set_roles') return t('bulk.params.roles', { roles: (params.roles ?? []).map(roleName).join(t('bulk.listSeparator')) })
  return ''
}

/**
 * The blast radius of a roles change in sentences, as the role screen words its own: who changes,
 * what is granted, what is removed, and who loses the right to manage roles (said last, to stand out).
 */
export function blastSentences(t: Translate, locale: string, blast: BulkBlastRadius): string[] {
  if (!blast.members || (!blast.gained.length && !blast.lost.length)) return [t('bulk.blast.none')]
  const rights = (list: readonly Right[]) => list.map((right) => t(`menu.${right}`)).join(t('bulk.listSeparator'))
  return [
    counted(t, locale, 'bulk.blast.members', blast.members),
    ...(blast.gained.length ? [t('bulk.blast.grants', { rights: rights(blast.gained) })] : []),
    ...(blast.lost.length ? [t('bulk.blast.removes', { rights: rights(blast.lost) })] : []),
    ...(blast.losing_roles ? [counted(t, locale, 'bulk.blast.losingRoles', blast.losing_roles)] : []),
  ]
}

/** How many records a job left as they were: all it handled but those it changed (it lists only the first). */
export const skippedCount = (job: Pick<BulkJob, 'done' | 'changed'>): number => Math.max(0, job.done - job.changed)

/** A finished job in one line: "Tagged 238 devices · 2 skipped". */
export function outcomeText(t: Translate, locale: string, job: Pick<BulkJob, 'collection' | 'action' | 'changed' | 'done'>): string {
  const done = counted(t, locale, `bulk.done.${job.collection}.${job.action}`, job.changed)
  const skipped = skippedCount(job)
  return skipped ? `${done}${t('bulk.separator')}${counted(t, locale, 'bulk.skipped', skipped)}` : done
}

/** Seconds left of the undo's time, rounded up so it never reads 0 while still offered. */
export const secondsLeft = (until: number, now: number): number => Math.max(0, Math.ceil((until - now) / 1000))

/** A progress event or a read job has ended: nothing more will change until an undo. */
export const isFinished = (status: string): boolean => status === 'done' || status === 'failed' || status === 'undone'
