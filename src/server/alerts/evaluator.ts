import { ALERT_LIMITS, DEFAULT_ALERT_MAILS_PER_HOUR, type AlertRule } from '../../contract/alerts'
import type { DeviceStatus } from '../../contract/devices'
import { enabledRules, enabledRulesOf, endAlertsOfDisabledRules, latestMetrics, mutesAt, openAlertOn, openAlertsOf, openAlertsOfRule, organizationName } from '../db/alerts/evaluate'
import type { Lease } from '../db/lease'
import type { Db } from '../db/open'
import type { EventsHub } from '../events'
import type { Logger } from '../log'
import type { Mailer } from '../mail'
import type { Webhooks } from '../webhooks/service'
import { createAlertMail } from './deliver'
import { createFirings } from './firings'
import { notify, type NotifyParts } from './notify'
import { ruleOf } from './rules'
import { above, carries, devicesFor, keysFor, readingOf, watches, type Holding, type Readings } from './watch'

/** How often the sweep looks for silence, fires waiting alerts and mails (`ALERTS_EVERY_MS`). */
export const DEFAULT_ALERTS_EVERY_MS = 5000
/** A process reads an organization's rules again after this long (another process may have changed them). */
export const RULES_KEPT_MS = 5000
/** What a process remembers of a metric alert's state is trusted this long, then read again. */
const HINT_KEPT_MS = 30_000

/** What a heartbeat tells the evaluator: the device as it was before, and what the beat said. */
export interface Beat {
  device: { id: string; name: string; tags: string[]; status: string; last_seen: string | null }
  status: DeviceStatus
  at: string
  /** The readings it carried; one it lacked never fires a rule. */
  metrics: Readings
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
  const { open, close, closeMany, fire, backOnline } = createFirings(db, tell)
  const notifying: NotifyParts = { db, mail, webhooks: options.webhooks, tell }

  const rulesOf = async (organizationId: string) => {
    const known = rules.get(organizationId)
    const at = Date.now()
    if (known && at - known.at < RULES_KEPT_MS) return known
    const rows = await enabledRulesOf(db, organizationId)
    const fresh = rows.map((row) => ruleOf({ ...row, device_name: null }))
    const opened = fresh.length ? await openAlertsOf(db, organizationId) : []
    const entry = { rules: fresh, open: new Set(opened.map((row) => `${row.rule_id}:${row.subject_id}`)), at }
    rules.set(organizationId, entry)
    return entry
  }

  /**
   * A metric past (or back under) a rule's threshold: waits out the duration, fires, or ends. A
   * beat under the threshold writes nothing unless an alert is open, and one without the reading
   * changes nothing; what this process may have missed from another, the sweep settles from each
   * device's latest heartbeat that carried the reading.
   */
  async function metricBeat(rule: AlertRule, organizationId: string, beat: Beat, opened: Set<string>) {
    if (!carries(rule, beat.metrics)) return
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
      const row = await openAlertOn(db, rule.id, beat.device.id)
      if (!row) return
      hint = { state: row.fired_at ? 'fired' : 'pending', started: Date.parse(row.started_at), at: wall }
      hints.set(key, hint)
    }
    if (hint.state === 'pending' && Date.parse(beat.at) - hint.started >= rule.duration_s * 1000) {
      await fire(rule.id, beat.device.id, beat.at)
      hints.set(key, { ...hint, state: 'fired' })
    }
  }

  /**
   * The sweep's share of a metric rule: each open alert is held against its device's latest
   * heartbeat, ended when that is under the threshold, fired once the duration has passed.
   */
  async function settleMetric(rule: AlertRule, at: number) {
    const openRows = await openAlertsOfRule(db, rule.id)
    const iso = new Date(at).toISOString()
    for (const row of openRows) {
      const latest = await latestMetrics(db, row.subject_id, readingOf(rule))
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
        if (device.status === 'offline' && status !== 'offline') await backOnline(rule, organizationId, device, at)
      } else if (rule.condition === 'metric') await metricBeat(rule, organizationId, beat, known.open)
    }
  }

  /**
   * Brings a state rule's open alerts in line with the subjects its condition holds for now:
   * opens the missing ones, ends those no longer in the set.
   */
  async function reconcile(rule: AlertRule, organizationId: string, holding: Holding[], at: string) {
    const openRows = await openAlertsOfRule(db, rule.id)
    const opened = new Set(openRows.map((row) => row.subject_id))
    const held = new Set(holding.map((subject) => subject.id))
    for (const subject of holding) {
      if (opened.has(subject.id)) continue
      await open(rule, organizationId, subject, subject.since, at)
      rules.get(organizationId)?.open.add(`${rule.id}:${subject.id}`)
    }
    await closeMany(rule.id, organizationId, [...opened].filter((id) => !held.has(id)), at)
  }

  /** One sweep over every organization's enabled rules. */
  async function evaluate() {
    const at = now().getTime()
    const iso = new Date(at).toISOString()
    // A rule switched off ends its alerts, quietly: it no longer speaks.
    const quiet = await endAlertsOfDisabledRules(db, iso)
    for (const row of quiet) if (row.fired_at) tell(row.organization_id, row.id, 'update')
    const rows = await enabledRules(db)
    if (!rows.length) return
    const mutes = await mutesAt(db, iso)
    const held = await mail.heldRules()
    const names = new Map<string, string>()
    for (const row of rows) {
      const rule = { ...ruleOf({ ...row, device_name: null }), organization_id: row.organization_id }
      if (rule.condition === 'offline' || rule.condition === 'error') await reconcile(rule, row.organization_id, await devicesFor(db, rule, row.organization_id, at), iso)
      else if (rule.condition === 'key_expiring') await reconcile(rule, row.organization_id, await keysFor(db, rule, row.organization_id, at), iso)
      else if (rule.condition === 'metric') await settleMetric(rule, at)
      if (!names.has(row.organization_id)) names.set(row.organization_id, await organizationName(db, row.organization_id))
      const own = mutes.filter((mute) => mute.organization_id === row.organization_id)
      await notify(notifying, rule, names.get(row.organization_id)!, own, iso, held.has(rule.id))
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
