import { sql } from 'kysely'
import { ALERT_LANGUAGES, type AlertLanguage } from '../../contract/alerts'
import { audit, type Actor } from '../audit'
import type { Db } from '../db/open'
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
    const organization = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst()
    const holders = await db
      .selectFrom('memberships as m')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('members as mb', (join) => join.onRef('mb.user_id', '=', 'm.user_id').onRef('mb.organization_id', '=', 'm.organization_id'))
      .select(['u.email', 'r.rights'])
      .where('m.organization_id', '=', organizationId)
      .where('u.status', '=', 'active')
      .where('mb.status', '=', 'active')
      .execute()
    const owners = [...new Set(holders.filter((holder) => parseRights(holder.rights).includes('alerts')).map((holder) => holder.email.toLowerCase()))]
    const link = `${deps.publicUrl ?? 'http://localhost'}/app/alerts/webhooks`
    const rule = await db.selectFrom('alert_rules').select('language').where('organization_id', '=', organizationId).where('webhook_ids', 'like', `%"${webhook.id}"%`).executeTakeFirst()
    const language = (ALERT_LANGUAGES as readonly string[]).includes(rule?.language ?? '') ? (rule!.language as AlertLanguage) : 'en'
    for (const to of owners) {
      const mail = composeDisabledMail({ webhook: webhook.name, url: webhook.url, since: webhook.since, organization: organization?.name ?? '', link, language })
      await deps.mailer.send({ to, ...mail }).catch((error: unknown) => log.error(`Webhook mail to ${to} failed:`, error))
    }
  }

  return async function disableIfFailing(webhookId: string, organizationId: string, at: Date) {
    const since = new Date(at.getTime() - disableAfterMs).toISOString()
    const iso = at.toISOString()
    const disabled = await db
      .updateTable('webhooks')
      .set({ enabled: 0, disabled_reason: 'failing', updated_at: iso, version: sql`version + 1` })
      .where('id', '=', webhookId)
      .where('enabled', '=', 1)
      .where('failing_since', '<=', since)
      .returning(['name', 'url', 'failing_since', 'version'])
      .executeTakeFirst()
    if (!disabled) return
    await audit(db, organizationId, SYSTEM, { action: 'update', collection: 'alerts', recordId: webhookId, recordName: disabled.name, fields: ['enabled', 'disabled_reason'] }, iso)
    deps.hub.publish(organizationId, 'change', { collection: 'webhooks', id: webhookId, action: 'update', version: Number(disabled.version) })
    await mailOwners(organizationId, { id: webhookId, name: disabled.name, url: disabled.url, since: String(disabled.failing_since) })
  }
}
