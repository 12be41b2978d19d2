import type { Db } from '../db/open'
import { claimDelivery, firstDue, webhooksDue } from '../db/webhook-queue'
import type { Logger } from '../log'

/** How many tries one process makes at once: in all, per organization and per webhook. */
export interface Shares {
  total: number
  perOrganization: number
  perWebhook: number
}

export const DEFAULT_SHARES: Shares = { total: 50, perOrganization: 10, perWebhook: 4 }

/** A claimed try not finished after this long died with its process: it is tried again. */
export const CLAIM_MS = 2 * 60_000

interface Due {
  id: string
  organization_id: string
  webhook_id: string
}

export interface Queue {
  /** Claims due tries into the free slots and starts them; resolves once no more can start now. */
  fill(): Promise<void>
  /** Fills, and waits until every try started meanwhile has finished and nothing due is left to start. */
  idle(): Promise<void>
  /** Starts nothing more and waits for the tries in flight. */
  stop(): Promise<void>
}

const bump = (counts: Map<string, number>, key: string, by: number) => {
  const next = (counts.get(key) ?? 0) + by
  if (next > 0) counts.set(key, next)
  else counts.delete(key)
}

/**
 * The delivery slots of this process, shared fairly: an organization holds at most
 * `perOrganization` of them and a webhook `perWebhook`, and free slots go round-robin across the
 * organizations with tries due (and across each one's webhooks), so one organization's slow
 * receiver or flood waits on its own share and never on another's. A try starts as soon as a slot
 * is free rather than with the next batch. Claims are conditional updates, so processes sharing a
 * database never make the same try.
 */
export function createQueue(deps: { db: Db; now: () => Date; log: Logger; shares?: Shares; attempt: (id: string) => Promise<void> }): Queue {
  const { db, log } = deps
  const shares = deps.shares ?? DEFAULT_SHARES
  const running = new Map<string, Promise<void>>()
  const byOrganization = new Map<string, number>()
  const byWebhook = new Map<string, number>()
  let filling: Promise<void> | undefined
  let again = false
  let stopped = false
  /** The organization served last: the next fill starts after it. */
  let cursor = ''

  /** The webhooks with a try due, by organization. */
  async function dueWebhooks(at: string) {
    const found = await webhooksDue(db, at)
    const byOrganizationId = new Map<string, string[]>()
    for (const { webhook_id, organization_id } of found) byOrganizationId.set(organization_id, [...(byOrganizationId.get(organization_id) ?? []), webhook_id])
    return byOrganizationId
  }

  /** Claims a due delivery for this process; false when another took it first. */
  const claim = (id: string, at: string): Promise<boolean> => claimDelivery(db, id, at, new Date(Date.parse(at) + CLAIM_MS).toISOString())

  function start(row: Due) {
    bump(byOrganization, row.organization_id, 1)
    bump(byWebhook, row.webhook_id, 1)
    const task = deps
      .attempt(row.id)
      .catch((error: unknown) => log.error(`Webhook delivery ${row.id} failed:`, error))
      .finally(() => {
        bump(byOrganization, row.organization_id, -1)
        bump(byWebhook, row.webhook_id, -1)
        running.delete(row.id)
        void fill().catch(() => undefined)
      })
    running.set(row.id, task)
  }

  const hasRoom = (organizationId: string, webhookId?: string) =>
    running.size < shares.total &&
    (byOrganization.get(organizationId) ?? 0) < shares.perOrganization &&
    (webhookId === undefined || (byWebhook.get(webhookId) ?? 0) < shares.perWebhook)

  /** One due try of the organization's next webhook with room, claimed and started; false when it has none. */
  async function serve(organizationId: string, webhooks: string[], waiting: Map<string, string[]>, at: string) {
    for (let turn = 0; turn < webhooks.length; turn++) {
      const webhookId = webhooks[0]!
      webhooks.push(webhooks.shift()!)
      if (!hasRoom(organizationId, webhookId)) continue
      if (!waiting.has(webhookId)) waiting.set(webhookId, await firstDue(db, webhookId, at, shares.perWebhook))
      const id = waiting.get(webhookId)!.shift()
      if (id === undefined || running.has(id)) continue
      if (await claim(id, at)) start({ id, organization_id: organizationId, webhook_id: webhookId })
      return true
    }
    return false
  }

  /** Hands the free slots out one at a time, round-robin across the organizations with tries due. */
  async function fillOnce() {
    if (stopped || running.size >= shares.total) return
    const at = deps.now().toISOString()
    const due = await dueWebhooks(at)
    const ids = [...due.keys()].sort()
    const after = ids.findIndex((id) => id > cursor)
    const order = after < 0 ? ids : [...ids.slice(after), ...ids.slice(0, after)]
    const waiting = new Map<string, string[]>()
    for (let moved = true; moved; ) {
      moved = false
      for (const organizationId of order) {
        if (stopped || running.size >= shares.total) return
        if (!hasRoom(organizationId) || !(await serve(organizationId, due.get(organizationId)!, waiting, at))) continue
        moved = true
        cursor = organizationId
      }
    }
  }

  function fill(): Promise<void> {
    if (filling) {
      again = true
      return filling
    }
    filling = (async () => {
      try {
        do {
          again = false
          await fillOnce()
        } while (again && !stopped)
      } finally {
        filling = undefined
      }
    })()
    return filling
  }

  return {
    fill,
    async idle() {
      for (;;) {
        await fill()
        if (!running.size) return
        await Promise.race(running.values())
      }
    },
    async stop() {
      stopped = true
      await Promise.allSettled([filling, ...running.values()])
    },
  }
}
