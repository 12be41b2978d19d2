import appIdTexts from '../../locales/app-ids/en.json'
import billingTexts from '../../locales/billing/en.json'
import consoleTexts from '../../locales/console/en.json'
import en from '../../locales/en.json'
import texts from '../../locales/server/en.json'
import webhookTexts from '../../locales/webhooks/en.json'
import type { MessageKey } from '../contract/validation'

export type ServerKey = keyof typeof texts.server

export const BRAND = en.brand.name

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))

/** The English text of a `server.*` key, with `{{name}}` placeholders filled. */
export function message(key: ServerKey, vars: Record<string, string | number> = {}): string {
  return fill(texts.server[key], vars)
}

const FIELD_TEXTS: Record<string, Record<string, string>> = { validation: en.validation, fields: consoleTexts.fields, appIds: appIdTexts.appIds, billing: billingTexts.billing as unknown as Record<string, string>, webhooks: webhookTexts.webhooks as unknown as Record<string, string> }

/** The English text of a validation message key (`validation.email` -> 'Invalid email'). */
export function fieldMessage(key: MessageKey): string {
  const [section = '', name = ''] = key.split('.')
  return FIELD_TEXTS[section]?.[name] ?? en.validation.invalid
}
