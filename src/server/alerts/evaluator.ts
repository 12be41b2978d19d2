import { randomUUID } from 'node:crypto'
import { ALERT_LIMITS, DEFAULT_ALERT_MAILS_PER_HOUR, type AlertRule } from '../../contract/alerts'
import type { DeviceStatus } from '../../contract/devices'
import { ruleOf } from '../collections/alert-rules'
import { parseTags } from '../collections/devices'
import type { Lease } from '../db/lease'
import type { Db } from '../db/open'
import type { EventsHub } from '../events'
import type { Logger } from '../log'
import type { Mailer } from '../mail'
import type { WebhookEvent } from '../../contract/webhooks'
import { eventIdOf, type Webhooks } from '../webhooks/service'
import { createAlertMail } from './deliver'
import type { Noticed } from './mail'

/** How often the sweep looks for silence, fires waiting alerts and mails (`ALERTS_EVERY_MS`). */
export const DEFAULT_ALERTS_EVERY_MS = 5000
/** A process reads an organization's rules again after this long (another process may have changed them). */
export const RULES_KEPT_MS = 5000
/** What a process remembers of a metric alert's state is trusted this long, then read again. */
const HINT_KEPT_MS = 30_000
/** Rows claimed or changed per statement. */
const CHUNK = 500

/** What a heartbeat tells the evaluator: the device as it was before, and what the beat said. */
export interface Beat {
  device: { id: string; name: string; tags: string[]; status: string; last_seen: string | null }
  status: DeviceStatus
  at: string
  metrics: { latency_ms: number; cpu: number; memory: number }
}

export interface AlertEvaluator {
  /** A heartbeat arrived: errors, returns and metrics update the alerts at once (after the answer). */
  heartbeat(organizationId: string, beat: Beat): void
  /** The organization's rules changed: they are read afresh. */
  rulesChanged(organizationId: string): void
  /** One sweep now: opens and resolves alerts, fires those that waited, and mails what is due. */
  evaluate(): Promise<void>
  /** Resolves once heartbeat work queued so far is done. */
  idle(): Promise<void>
  /** Alert mails an organization sends in an hour at most. */
  readonly mailsPerHour: number
  start(): void
  stop(): Promise<void>
}

export interface EvaluatorOptions {
  db: Db
  mailer: Mailer
  log: Logger
  now: () => Date
  everyMs?: number
  /** One process at a time sweeps (the sweeper's lease). */
  lease?: Lease
  /** Where the webhooks of a rule get their deliveries queued. */
  webhooks?: Pick<Webhooks, 'enqueue' | 'kick'>
  /** Where an alert firing or ending is told to the organization's open consoles. */
  hub?: Pick<EventsHub, 'publish'>
  /** Alert mails an organization sends in an hour at most (`ALERT_MAILS_PER_HOUR`); default 200. */
  mailsPerHour?: number
  /** The console's origin for the links in alert mails; `http://localhost` unless said. */
  origin?: () => string
}

type DeviceLike = Pick<Beat['device'], 'id' | 'tags'>

/** An alert claimed for a notification, with what its webhook event names. */
type Claimed = Noticed & { id: string; subject_id: string; subject_kind: string; notified_count?: number }

/** Whether a heartbeat's metrics are past a metric rule's threshold. */
const above = (rule: AlertRule, metrics: { latency_ms: number; cpu: number; memory: number }) =>
  (rule.metric === 'latency' ? metrics.latency_ms : rule.metric === 'cpu' ? metrics.cpu : metrics.memory) > (rule.threshold ?? Infinity)

/** Whether a rule watches a device: all of them, those with its tag, or the one it names. */
export const watches = (rule: AlertRule, device: DeviceLike) =>
  rule.target === 'all' || (rule.target === 'tag' ? rule.tag !== null && device.tags.includes(rule.tag) : rule.device_id === device.id)

const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, index) => list.slice(index * CHUNK, (index + 1) * CHUNK))

/**
 * Runs the alert rules. Heartbeats update alerts as they come (an error reported, a device back,
 * a metric crossing its threshold); the sweep, every few seconds under the sweeper's lease, finds
 * silence and expiring keys and is the one that mails. Every state lives in the `alerts` table:
 * an alert opens at most once per rule and subject (a unique index), and a mail is claimed by a
 * conditional update before it is sent, so neither a restart nor a second evaluator sends one twice.
 */
export function createAlertEvaluator(options: EvaluatorOptions): AlertEvaluator {
  const { db, log, now } = options
  const mailsPerHour = Math.max(1, options.mailsPerHour ?? DEFAULT_ALERT_MAILS_PER_HOUR)
  const mail = createAlertMail({ db, mailer: options.mailer, log, perHour: mailsPerHour, origin: options.origin ?? (() => 'http://localhost') })
  /**
   * Per organization, its enabled rules and its open alerts (`rule:subject`), read together: a
   * heartbeat writes only where an alert is open. What another process opened meanwhile, the
   * sweep ends (it holds every open alert against the devices as they are).
   */
  const rules = new Map<string, { rules: AlertRule[]; open: Set<string>; at: number }>()
  /** Per rule and device, the metric alert's state as this process last knew it. */
  const hints = new Map<string, { state: 'clear' | 'pending' | 'fired'; started: number; at: number }>()
  let queue: Promise<void> = Promise.resolve()
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<unknown> = Promise.resolve()

  /**
   * Tells the organization's open consoles that an alert fired (`create`) or ended (`update`), as a
   * change on the `alerts` topic: the stream carries it to those who may read alerts alone.
   */
  const tell = (organizationId: string, id: string, action: 'create' | 'update') =>
    void options.hub?.publish(organizationId, 'change', { collection: 'alerts', id, action, version: 0 })

  const rulesOf = async (organizationId: string) => {
    const known = rules.get(organizationId)
    const at = Date.now()
    if (known && at - known.at < RULES_KEPT_MS) return known
    const rows = await db.selectFrom('alert_rules as t').selectAll('t').where('t.organization_id', '=', organizationId).where('t.enabled', '=', 1).execute()
    const fresh = rows.map((row) => ruleOf({ ...row, device_name: null }))
    const open = fresh.length
      ? await db.selectFrom('alerts').select(['rule_id', 'subject_id']).where('organization_id', '=', organizationId).where('resolved_at', 'is', null).execute()
      : []
    const entry = { rules: fresh, open: new Set(open.map((row) => `${row.rule_id}:${row.subject_id}`)), at }
    rules.set(organizationId, entry)
    return entry
  }

  /** Opens an alert unless one is open for the rule and subject (then nothing happens). */
  const open = async (rule: AlertRule, organizationId: string, subject: { kind: 'device' | 'key'; id: string; name: string }, startedAt: string, firedAt: string | null) => {
    await db
      .insertInto('alerts')
      .values({
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
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute()
      .then((rows) => {
        if (firedAt) for (const row of rows) tell(organizationId, row.id, 'create')
      })
  }

  /** Ends the open alert of a rule on a subject: resolved if it had fired, gone if it was still waiting. */
  const close = async (ruleId: string, subjectId: string, at: string) => {
    await db.deleteFrom('alerts').where('rule_id', '=', ruleId).where('subject_id', '=', subjectId).where('resolved_at', 'is', null).where('fired_at', 'is', null).execute()
    const ended = await db
      .updateTable('alerts')
      .set({ resolved_at: at })
      .where('rule_id', '=', ruleId)
      .where('subject_id', '=', subjectId)
      .where('resolved_at', 'is', null)
      .returning(['id', 'organization_id'])
      .execute()
    for (const row of ended) tell(row.organization_id, row.id, 'update')
  }

  /**
   * A metric past (or back under) a rule's threshold: waits out the duration, fires, or ends. A
   * beat under the threshold writes nothing unless an alert is open; what this process may have
   * missed from another, the sweep settles from each device's latest heartbeat.
   */
  async function metricBeat(rule: AlertRule, organizationId: string, beat: Beat, opened: Set<string>) {
    const key = `${rule.id}:${beat.device.id}`
    const wall = Date.now()
    let hint = hints.get(key)
    if (hint && wall - hint.at > HINT_KEPT_MS) hint = undefined
    if (!above(rule, beat.metrics)) {
      if (!hint ? !opened.has(key) : hint.state === 'clear') return
      await close(rule.id, beat.device.id, beat.at)
      opened.delete(key)
      hints.set(key, { state: 'clear', started: 0, at: wall })
      return
    }
    if (hint?.state === 'fired') return
    if (!hint || hint.state === 'clear') {
      await open(rule, organizationId, { kind: 'device', id: beat.device.id, name: beat.device.name }, beat.at, rule.duration_s === 0 ? beat.at : null)
      opened.add(key)
      const row = await db
        .selectFrom('alerts')
        .select(['started_at', 'fired_at'])
        .where('rule_id', '=', rule.id)
        .where('subject_id', '=', beat.device.id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst()
      if (!row) return
      hint = { state: row.fired_at ? 'fired' : 'pending', started: Date.parse(row.started_at), at: wall }
      hints.set(key, hint)
    }
    if (hint.state === 'pending' && Date.parse(beat.at) - hint.started >= rule.duration_s * 1000) {
      await fire(rule.id, beat.device.id, beat.at)
      hints.set(key, { ...hint, state: 'fired' })
    }
  }

  /** A waiting metric alert fires. */
  const fire = async (ruleId: string, subjectId: string, at: string) => {
    const fired = await db
      .updateTable('alerts')
      .set({ fired_at: at })
      .where('rule_id', '=', ruleId)
      .where('subject_id', '=', subjectId)
      .where('resolved_at', 'is', null)
      .where('fired_at', 'is', null)
      .returning(['id', 'organization_id'])
      .execute()
    for (const row of fired) tell(row.organization_id, row.id, 'create')
  }

  /**
   * The sweep's share of a metric rule: each open alert is held against its device's latest
   * heartbeat, ended when that is under the threshold, fired once the duration has passed.
   */
  async function settleMetric(rule: AlertRule, at: number) {
    const openRows = await db.selectFrom('alerts').select(['subject_id', 'started_at', 'fired_at']).where('rule_id', '=', rule.id).where('resolved_at', 'is', null).execute()
    const iso = new Date(at).toISOString()
    for (const row of openRows) {
      const latest = await db
        .selectFrom('heartbeats')
        .select(['latency_ms', 'cpu', 'memory'])
        .where('device_id', '=', row.subject_id)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst()
      if (!latest || !above(rule, latest)) await close(rule.id, row.subject_id, iso)
      else if (!row.fired_at && Date.parse(row.started_at) <= at - rule.duration_s * 1000) await fire(rule.id, row.subject_id, iso)
    }
  }

  /** What one heartbeat changes, rule by rule; silence is the sweep's. */
  async function onBeat(organizationId: string, beat: Beat) {
    const known = await rulesOf(organizationId)
    const watching = known.rules.filter((rule) => watches(rule, beat.device))
    const { device, status, at } = beat
    const silentFor = device.last_seen ? Date.parse(at) - Date.parse(device.last_seen) : 0
    const ends = async (rule: AlertRule) => {
      const key = `${rule.id}:${device.id}`
      if (!known.open.has(key)) return
      await close(rule.id, device.id, at)
      known.open.delete(key)
    }
    for (const rule of watching) {
      if (rule.condition === 'offline') {
        // Only a device silent past the shortest grace can have an open offline alert.
        if (silentFor >= ALERT_LIMITS.minGraceS * 1000) await ends(rule)
      } else if (rule.condition === 'error') {
        if (status === 'error' && device.status !== 'error') {
          await open(rule, organizationId, { kind: 'device', id: device.id, name: device.name }, at, at)
          known.open.add(`${rule.id}:${device.id}`)
        } else if (status !== 'error' && device.status === 'error') await ends(rule)
      } else if (rule.condition === 'online') {
        if (device.status === 'offline' && status !== 'offline') await backOnline(rule, organizationId, beat)
      } else if (rule.condition === 'metric') await metricBeat(rule, organizationId, beat, known.open)
    }
  }

  /** A return is an event, not a state: one alert, opened and ended at once, unless one came within the repeat interval. */
  async function backOnline(rule: AlertRule, organizationId: string, beat: Beat) {
    const since = new Date(Date.parse(beat.at) - rule.repeat_s * 1000).toISOString()
    const recent = await db.selectFrom('alerts').select('id').where('rule_id', '=', rule.id).where('subject_id', '=', beat.device.id).where('fired_at', '>', since).executeTakeFirst()
    if (recent) return
    const id = randomUUID()
    await db
      .insertInto('alerts')
      .values({
        id,
        organization_id: organizationId,
        rule_id: rule.id,
        subject_kind: 'device',
        subject_id: beat.device.id,
        subject_name: beat.device.name,
        condition: 'online',
        started_at: beat.at,
        fired_at: beat.at,
        resolved_at: beat.at,
        notified_count: 0,
      })
      .execute()
    tell(organizationId, id, 'create')
  }

  /**
   * Brings a state rule's open alerts in line with the subjects its condition holds for now:
   * opens the missing ones, ends those no longer in the set.
   */
  async function reconcile(rule: AlertRule, organizationId: string, holding: { kind: 'device' | 'key'; id: string; name: string; since: string }[], at: string) {
    const openRows = await db.selectFrom('alerts').select(['subject_id']).where('rule_id', '=', rule.id).where('resolved_at', 'is', null).execute()
    const opened = new Set(openRows.map((row) => row.subject_id))
    const held = new Set(holding.map((subject) => subject.id))
    for (const subject of holding) {
      if (opened.has(subject.id)) continue
      await open(rule, organizationId, subject, subject.since, at)
      rules.get(organizationId)?.open.add(`${rule.id}:${subject.id}`)
    }
    const ended = [...opened].filter((id) => !held.has(id))
    for (const part of chunks(ended)) {
      const rows = await db
        .updateTable('alerts')
        .set({ resolved_at: at })
        .where('rule_id', '=', rule.id)
        .where('subject_id', 'in', part)
        .where('resolved_at', 'is', null)
        .returning('id')
        .execute()
      for (const row of rows) tell(organizationId, row.id, 'update')
    }
  }

  /**
   * The devices of a rule's organization that are silent, or in error, and that it watches. A
   * disabled device is silent because an operator chose it: it raises nothing, and its open
   * alerts end.
   */
  async function devicesFor(rule: AlertRule, organizationId: string, at: number) {
    let query = db
      .selectFrom('devices')
      .select(['id', 'name', 'tags', 'last_seen', 'status'])
      .where('organization_id', '=', organizationId)
      .where('enabled', '=', 1)
    if (rule.target === 'device') query = query.where('id', '=', rule.device_id ?? '')
    query =
      rule.condition === 'offline'
        ? query.where('last_seen', 'is not', null).where('last_seen', '<', new Date(at - rule.grace_s * 1000).toISOString())
        : query.where('status', '=', 'error')
    const rows = await query.execute()
    return rows
      .map((row) => ({ id: row.id, name: row.name, tags: parseTags(row.tags), since: row.last_seen ?? new Date(at).toISOString() }))
      .filter((device) => watches(rule, device))
      .map((device) => ({ kind: 'device' as const, id: device.id, name: device.name, since: device.since }))
  }

  /** The organization's live keys that expire within the rule's days; `since` is the expiry. */
  async function keysFor(rule: AlertRule, organizationId: string, at: number) {
    const rows = await db
      .selectFrom('access_keys')
      .select(['id', 'name', 'expires_at'])
      .where('organization_id', '=', organizationId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date(at).toISOString())
      .where('expires_at', '<=', new Date(at + (rule.days ?? 0) * 86400_000).toISOString())
      .execute()
    return rows.map((row) => ({ kind: 'key' as const, id: row.id, name: row.name, since: String(row.expires_at) }))
  }

  /** Whether a mute holds for a rule on a device now. */
  const mutedBy = (mutes: { rule_id: string | null; device_id: string | null }[], ruleId: string, subjectId: string) =>
    mutes.some((mute) => (mute.rule_id === null || mute.rule_id === ruleId) && (mute.device_id === null || mute.device_id === subjectId))

  /**
   * Claims the alerts of a rule that are due a mail and sends one mail per recipient for all of
   * them (a storm is one grouped mail): firing ones never mailed or mailed a repeat interval ago,
   * then ended ones that were mailed while firing. The claim is a conditional update, so a second
   * evaluator, or this one after a restart, finds nothing left to send.
   */
  async function notify(rule: AlertRule & { organization_id: string }, organization: string, mutes: { rule_id: string | null; device_id: string | null }[], at: string, hasHeld: boolean) {
    const cutoff = new Date(Date.parse(at) - rule.repeat_s * 1000).toISOString()
    const due = await db
      .selectFrom('alerts')
      .select(['id', 'subject_id'])
      .where('rule_id', '=', rule.id)
      .where('fired_at', 'is not', null)
      .where('acked_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('resolved_at', 'is', null), eb.or([eb('last_notified_at', 'is', null), eb('last_notified_at', '<=', cutoff)])]),
          eb.and([eb('condition', '=', 'online'), eb('last_notified_at', 'is', null)]),
        ]),
      )
      .execute()
    const firing: Claimed[] = []
    for (const part of chunks(due.filter((row) => !mutedBy(mutes, rule.id, row.subject_id)).map((row) => row.id))) {
      const claimed = await db
        .updateTable('alerts')
        .set((eb) => ({ last_notified_at: at, notified_count: eb('notified_count', '+', 1) }))
        .where('id', 'in', part)
        .where((eb) => eb.or([eb('last_notified_at', 'is', null), eb('last_notified_at', '<=', cutoff)]))
        .returning(['id', 'subject_id', 'subject_kind', 'subject_name', 'started_at', 'resolved_at', 'notified_count'])
        .execute()
      // The consoles show how often an alert was mailed.
      for (const row of claimed) tell(rule.organization_id, row.id, 'update')
      firing.push(...claimed)
    }
    const ended = await db
      .selectFrom('alerts')
      .select(['id', 'subject_id'])
      .where('rule_id', '=', rule.id)
      .where('resolved_at', 'is not', null)
      .where('last_notified_at', 'is not', null)
      .where('resolved_notified_at', 'is', null)
      .execute()
    const resolved: Claimed[] = []
    for (const part of chunks(ended.map((row) => row.id))) {
      const claimed = await db
        .updateTable('alerts')
        .set({ resolved_notified_at: at })
        .where('id', 'in', part)
        .where('resolved_notified_at', 'is', null)
        .returning(['id', 'subject_id', 'subject_kind', 'subject_name', 'started_at', 'resolved_at', 'condition'])
        .execute()
      // A return is told once, as it happens; a muted device's end is kept quiet.
      resolved.push(...claimed.filter((row) => row.condition !== 'online' && !mutedBy(mutes, rule.id, row.subject_id)))
    }
    if (!firing.length && !resolved.length && !hasHeld) return
    if ((firing.length || resolved.length) && rule.webhook_ids.length && options.webhooks) {
      for (const [kind, items] of [
        ['firing', firing],
        ['resolved', resolved],
      ] as const) {
        if (items.length) await options.webhooks.enqueue(db, rule.organization_id, rule.webhook_ids, eventOf(rule, kind, items, at))
      }
      options.webhooks.kick()
    }
    await mail.deliver(rule, rule.organization_id, organization, { firing, resolved }, hasHeld, at)
  }

  /**
   * The webhook event of one notification: one alert, or a grouped one for a storm. Its id follows
   * from the alerts and the notification (the repeat's count, or the end), so queuing it twice
   * (a restart between the claim and the queue) makes one delivery.
   */
  function eventOf(rule: AlertRule & { organization_id: string }, kind: 'firing' | 'resolved', items: Claimed[], at: string): WebhookEvent {
    const base = { created_at: at, organization_id: rule.organization_id, rule: { id: rule.id, name: rule.name } }
    if (items.length === 1) {
      const item = items[0]!
      const device = item.subject_kind === 'device' ? { id: item.subject_id, name: item.subject_name } : null
      return {
        id: eventIdOf(item.id, kind, kind === 'firing' ? String(item.notified_count ?? 0) : 'end'),
        type: kind === 'firing' ? 'alert.firing' : 'alert.resolved',
        ...base,
        device,
        alert: {
          id: item.id,
          condition: rule.condition,
          state: kind,
          subject_kind: item.subject_kind === 'key' ? 'key' : 'device',
          subject_id: item.subject_id,
          subject_name: item.subject_name,
          started_at: item.started_at,
          resolved_at: item.resolved_at,
        },
      }
    }
    const sorted = [...items].sort((a, b) => a.subject_name.localeCompare(b.subject_name))
    return {
      id: eventIdOf(kind, at, ...sorted.map((item) => item.id).sort()),
      type: 'alert.grouped',
      ...base,
      state: kind,
      device: null,
      devices: sorted.map((item) => ({ id: item.subject_id, name: item.subject_name, alert_id: item.id, started_at: item.started_at, resolved_at: item.resolved_at })),
      alert: null,
    }
  }

  /** One sweep over every organization's enabled rules. */
  async function evaluate() {
    const at = now().getTime()
    const iso = new Date(at).toISOString()
    // A rule switched off ends its alerts, quietly: it no longer speaks.
    const quiet = await db
      .updateTable('alerts')
      .set({ resolved_at: iso, resolved_notified_at: iso })
      .where('resolved_at', 'is', null)
      .where('rule_id', 'in', (eb) => eb.selectFrom('alert_rules').select('id').where('enabled', '=', 0))
      .returning(['id', 'organization_id', 'fired_at'])
      .execute()
    for (const row of quiet) if (row.fired_at) tell(row.organization_id, row.id, 'update')
    const rows = await db.selectFrom('alert_rules').selectAll().where('enabled', '=', 1).execute()
    if (!rows.length) return
    const mutes = await db.selectFrom('alert_mutes').select(['organization_id', 'rule_id', 'device_id']).where('until', '>', iso).execute()
    const held = await mail.heldRules()
    const names = new Map<string, string>()
    for (const row of rows) {
      const rule = { ...ruleOf({ ...row, device_name: null }), organization_id: row.organization_id }
      if (rule.condition === 'offline' || rule.condition === 'error') await reconcile(rule, row.organization_id, await devicesFor(rule, row.organization_id, at), iso)
      else if (rule.condition === 'key_expiring') await reconcile(rule, row.organization_id, await keysFor(rule, row.organization_id, at), iso)
      else if (rule.condition === 'metric') await settleMetric(rule, at)
      if (!names.has(row.organization_id)) {
        const organization = await db.selectFrom('organizations').select('name').where('id', '=', row.organization_id).executeTakeFirst()
        names.set(row.organization_id, organization?.name ?? '')
      }
      const own = mutes.filter((mute) => mute.organization_id === row.organization_id)
      await notify(rule, names.get(row.organization_id)!, own, iso, held.has(rule.id))
    }
  }

  /** Sweeps one after the other, whether the timer or a caller asks. */
  const chained = (work: () => Promise<unknown>) => {
    const next = running.then(() => queue).then(work)
    running = next.catch((error: unknown) => log.error('Evaluating alerts failed:', error))
    return next
  }

  return {
    mailsPerHour,
    heartbeat(organizationId, beat) {
      queue = queue.then(() => onBeat(organizationId, beat)).catch((error: unknown) => log.error('Evaluating a heartbeat failed:', error))
    },
    rulesChanged: (organizationId) => void rules.delete(organizationId),
    evaluate: async () => {
      await chained(evaluate)
    },
    idle: async () => {
      await queue
    },
    start() {
      timer = setInterval(() => {
        void chained(() => (options.lease ? options.lease.run(evaluate) : evaluate())).catch(() => undefined)
      }, options.everyMs ?? DEFAULT_ALERTS_EVERY_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
      await queue
    },
  }
}
