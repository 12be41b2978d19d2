import { ALERT_LANGUAGES, type AlertLanguage } from '../../contract/alerts'
import { audit, type Actor } from '../audit/trail'
import type { Db } from '../db/open'
import { activeMembersRights, disableFailing, languageOfRuleCalling } from '../db/webhook-deliveries'
import { organizationName } from '../db/alerts/evaluate'
import type { EventsHub } from '../events'
import type { Logger } from '../log'
import type { Mailer } from '../mail'
import { composeDisabledMail } from './mail'

/** The console acting on its own (turning a failing webhook off), as the trail names it. */
const SYSTEM: Actor = { kind: 'system', id: 'webhooks', name: '', ip: '', userAgent: '' }

interface Deps {
  db: Db
  hub: EventsHub
  mailer: Mailer
  log: Logger
  /** The console's origin for the link in the mail to owners. */
  publicUrl?: string
}

const parseRights = (json: string): string[] => {
  try {
    const list: unknown = JSON.parse(json)
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/**
 * Turns a webhook off once its tries have all failed for `disableAfterMs`: the update is
 * conditional, so of two processes one does it, and only that one writes the trail and mails the
 * organization's holders of `alerts`.
 */
export function createDisabler(deps: Deps, disableAfterMs: number) {
  const { db, log } = deps

  async function mailOwners(organizationId: string, webhook: { id: string; name: string; url: string; since: string }) {
    const organization = await organizationName(db, organizationId)
    const holders = await activeMembersRights(db, organizationId)
    const owners = [...new Set(holders.filter((holder) => parseRights(holder.rights).includes('alerts')).map((holder) => holder.email.toLowerCase()))]
    const link = `${deps.publicUrl ?? 'http://localhost'}/app/alerts/webhooks`
    const ruleLanguage = await languageOfRuleCalling(db, organizationId, webhook.id)
    const language = (ALERT_LANGUAGES as readonly string[]).includes(ruleLanguage ?? '') ? (ruleLanguage as AlertLanguage) : 'en'
    for (const to of owners) {
      const mail = composeDisabledMail({ webhook: webhook.name, url: webhook.url, since: webhook.since, organization, link, language })
      await deps.mailer.send({ to, ...mail }).catch((error: unknown) => log.error(`Webhook mail to ${to} failed:`, error))
    }
  }

  return async function disableIfFailing(webhookId: string, organizationId: string, at: Date) {
    const since = new Date(at.getTime() - disableAfterMs).toISOString()
    const iso = at.toISOString()
    const disabled = await disableFailing(db, webhookId, since, iso)
    if (!disabled) return
    await audit(db, organizationId, SYSTEM, { action: 'update', collection: 'alerts', recordId: webhookId, recordName: disabled.name, fields: ['enabled', 'disabled_reason'] }, iso)
    deps.hub.publish(organizationId, 'change', { collection: 'webhooks', id: webhookId, action: 'update', version: Number(disabled.version) })
    await mailOwners(organizationId, { id: webhookId, name: disabled.name, url: disabled.url, since: String(disabled.failing_since) })
  }
}
