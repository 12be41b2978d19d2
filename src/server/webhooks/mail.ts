import ar from '../../../locales/server/webhooks/ar.json'
import de from '../../../locales/server/webhooks/de.json'
import en from '../../../locales/server/webhooks/en.json'
import es from '../../../locales/server/webhooks/es.json'
import id from '../../../locales/server/webhooks/id.json'
import zh from '../../../locales/server/webhooks/zh.json'
import type { AlertLanguage } from '../../contract/alerts'
import type { Mail } from '../mail'
import { BRAND } from '../messages'

type Texts = typeof en.webhookMail
const TEXTS: Record<AlertLanguage, Texts> = { en: en.webhookMail, de: de.webhookMail, es: es.webhookMail, id: id.webhookMail, zh: zh.webhookMail, ar: ar.webhookMail }

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole)

/** A time as the mail shows it: UTC to the minute, the same in every language. */
const shown = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

export interface DisabledNotice {
  webhook: string
  url: string
  since: string
  organization: string
  link: string
  /** The language of the alert rules that call the webhook; English when none says. */
  language?: AlertLanguage
}

/** The mail to a webhook's owners once the console has turned it off for failing. */
export function composeDisabledMail(notice: DisabledNotice): Omit<Mail, 'to'> {
  const texts = TEXTS[notice.language ?? 'en'] ?? TEXTS.en
  const vars = { webhook: notice.webhook, url: notice.url, since: shown(notice.since), organization: notice.organization, link: notice.link }
  const lines = [texts.disabledBody, texts.url, texts.fix, texts.footer].map((text) => fill(text, vars))
  return { subject: `[${BRAND}] ${fill(texts.disabledSubject, vars)}`, text: `${lines[0]}\n\n${lines[1]}\n\n${lines[2]}\n\n${lines[3]}\n` }
}
