import { randomUUID } from 'node:crypto'
import type { AlertRule } from '../../contract/alerts'
import { deleteWaiting, fireWaiting, firedSince, insertAlert, resolveOpen, type Subject } from '../db/alerts/evaluate'
import type { Db } from '../db/open'
import { chunks } from './watch'

/** Tells the organization's open consoles an alert fired (`create`) or changed (`update`). */
export type Tell = (organizationId: string, id: string, action: 'create' | 'update') => void

/** Writing alerts as they open, fire and end, each told to the consoles. */
export function createFirings(db: Db, tell: Tell) {
  /** Opens an alert unless one is open for the rule and subject (then nothing happens). */
  const open = async (rule: AlertRule, organizationId: string, subject: Subject, startedAt: string, firedAt: string | null) => {
    const ids = await insertAlert(
      db,
      {
        id: randomUUID(),
        organization_id: organizationId,
        rule_id: rule.id,
        subject_kind: subject.kind,
        subject_id: subject.id,
        subject_name: subject.name,
        condition: rule.condition,
        started_at: startedAt,
        fired_at: firedAt,
        resolved_at: null,
        notified_count: 0,
      },
      true,
    )
    if (firedAt) for (const id of ids) tell(organizationId, id, 'create')
  }

  /** Ends the open alert of a rule on a subject: resolved if it had fired, gone if it was still waiting. */
  const close = async (ruleId: string, subjectId: string, at: string) => {
    await deleteWaiting(db, ruleId, subjectId)
    for (const row of await resolveOpen(db, ruleId, [subjectId], at)) tell(row.organization_id, row.id, 'update')
  }

  /** Ends the open alerts of a rule on many subjects. */
  const closeMany = async (ruleId: string, organizationId: string, subjectIds: string[], at: string) => {
    for (const part of chunks(subjectIds)) for (const row of await resolveOpen(db, ruleId, part, at)) tell(organizationId, row.id, 'update')
  }

  /** A waiting metric alert fires. */
  const fire = async (ruleId: string, subjectId: string, at: string) => {
    for (const row of await fireWaiting(db, ruleId, subjectId, at)) tell(row.organization_id, row.id, 'create')
  }

  /** A return is an event, not a state: one alert, opened and ended at once, unless one came within the repeat interval. */
  const backOnline = async (rule: AlertRule, organizationId: string, device: { id: string; name: string }, at: string) => {
    if (await firedSince(db, rule.id, device.id, new Date(Date.parse(at) - rule.repeat_s * 1000).toISOString())) return
    const id = randomUUID()
    await insertAlert(
      db,
      {
        id,
        organization_id: organizationId,
        rule_id: rule.id,
        subject_kind: 'device',
        subject_id: device.id,
        subject_name: device.name,
        condition: 'online',
        started_at: at,
        fired_at: at,
        resolved_at: at,
        notified_count: 0,
      },
      false,
    )
    tell(organizationId, id, 'create')
  }

  return { open, close, closeMany, fire, backOnline }
}

export type Firings = ReturnType<typeof createFirings>
