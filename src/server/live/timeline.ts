import { HISTORY_RANGES, TIMELINE_MAX_RUNS, type HistoryRange, type TimelineRun, type TimelineStatus } from '../../contract/device-history'
import { parseChanges } from '../audit/changes'
import type { Db } from '../db/open'
import { deviceBeatStatuses, deviceCreatedAt, deviceStatusEntries } from '../db/timeline'
import { refuse } from '../problem'

interface Span {
  status: TimelineStatus
  from: number
}

/** A change the trail tells: from `at` on, the device is disabled or pending, or no longer so. */
export interface StatusMark {
  at: number
  disabled?: boolean
  pending?: boolean
}

/** What a trail entry says of the device's being disabled or pending, if anything. */
export function markOf(entry: { at: string; action: string; changes: string }): StatusMark | undefined {
  const at = Date.parse(entry.at)
  if (!Number.isFinite(at)) return undefined
  const mark: StatusMark = { at }
  if (entry.action === 'approve') mark.pending = false
  for (const change of parseChanges(entry.changes)) {
    if ('changed' in change) continue
    if (change.field === 'enabled' && typeof change.after === 'boolean') mark.disabled = !change.after
    if (change.field === 'status' && entry.action === 'enroll') mark.pending = change.after === 'pending'
  }
  return mark.disabled === undefined && mark.pending === undefined ? undefined : mark
}

/**
 * The status as runs from `start` to `end` (ms): each heartbeat's status from its time on, offline
 * once `offlineAfterMs` passed without the next one; the trail's marks override it with `disabled`
 * (first) or `pending` while they hold. Adjacent runs of one status are merged; past
 * `TIMELINE_MAX_RUNS` the rest are merged into the last, which keeps the latest status.
 */
export function foldTimeline(beats: readonly { at: string; status: string }[], marks: readonly StatusMark[], start: number, end: number, offlineAfterMs: number): TimelineRun[] {
  const spans: Span[] = [{ status: 'offline', from: start }]
  let last: number | undefined
  for (const beat of beats) {
    const at = Date.parse(beat.at)
    if (!Number.isFinite(at) || at > end) continue
    if (last !== undefined && at - last > offlineAfterMs) spans.push({ status: 'offline', from: last + offlineAfterMs })
    spans.push({ status: beat.status === 'error' ? 'error' : 'online', from: Math.max(at, start) })
    last = at
  }
  if (last !== undefined && end - last > offlineAfterMs) spans.push({ status: 'offline', from: last + offlineAfterMs })
  const held = overlay(spans, marks, start)
  const runs: Span[] = []
  for (const span of held) {
    if (span.from > end) break
    const previous = runs.at(-1)
    if (previous && span.from <= previous.from) runs.pop()
    if (runs.at(-1)?.status !== span.status) runs.push(span)
  }
  if (runs.length > TIMELINE_MAX_RUNS) {
    const latest = runs.at(-1)!.status
    const rest = runs.splice(TIMELINE_MAX_RUNS - 1)
    if (runs.at(-1)!.status !== latest) runs.push({ status: latest, from: rest[0]!.from })
  }
  return runs.map((run, index) => ({ status: run.status, from: new Date(run.from).toISOString(), to: index + 1 < runs.length ? new Date(runs[index + 1]!.from).toISOString() : null }))
}

/** The spans with the trail's marks applied in time order: a disabled or pending device shows as such whatever its heartbeats said. */
function overlay(spans: readonly Span[], marks: readonly StatusMark[], start: number): Span[] {
  const events = [...spans.map((span) => ({ at: span.from, span })), ...marks.map((mark) => ({ at: Math.max(mark.at, start), mark }))].sort((a, b) => a.at - b.at)
  let disabled = false
  let pending = false
  let base: TimelineStatus = 'offline'
  const out: Span[] = []
  for (const event of events) {
    if ('span' in event && event.span) base = event.span.status
    if ('mark' in event && event.mark) {
      disabled = event.mark.disabled ?? disabled
      pending = event.mark.pending ?? pending
    }
    out.push({ status: disabled ? 'disabled' : pending ? 'pending' : base, from: event.at })
  }
  return out
}

/**
 * The device's status over the span `range` up to `now`, as runs oldest first, derived from its
 * heartbeats (read with the beat before the span, which tells how it starts) and its trail.
 */
export async function deviceTimeline(db: Db, organizationId: string, id: string, range: HistoryRange, now: Date, offlineAfterS: number): Promise<TimelineRun[]> {
  if (id.length > 64) throw refuse('notFound', 'notFound')
  const created = await deviceCreatedAt(db, organizationId, id)
  if (created === undefined) throw refuse('notFound', 'notFound')
  const end = now.getTime()
  const offlineAfterMs = offlineAfterS * 1000
  const createdAt = Date.parse(created)
  const start = Math.max(end - HISTORY_RANGES[range].ms, Number.isFinite(createdAt) ? Math.min(createdAt, end) : 0)
  const since = new Date(start).toISOString()
  const until = now.toISOString()
  const beats = await deviceBeatStatuses(db, organizationId, id, new Date(start - offlineAfterMs).toISOString(), until)
  const entries = await deviceStatusEntries(db, organizationId, id, since, until, TIMELINE_MAX_RUNS)
  const marks = entries.map(markOf).filter((mark): mark is StatusMark => mark !== undefined)
  return foldTimeline(beats, marks, start, end, offlineAfterMs)
}
