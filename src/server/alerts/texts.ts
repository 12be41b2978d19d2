import ar from '../../../locales/server/alerts/ar.json'
import de from '../../../locales/server/alerts/de.json'
import en from '../../../locales/server/alerts/en.json'
import es from '../../../locales/server/alerts/es.json'
import id from '../../../locales/server/alerts/id.json'
import zh from '../../../locales/server/alerts/zh.json'
import type { AlertLanguage } from '../../contract/alerts'

/** What alerts say to people outside the console (mails, the answer page), in each language. */
export type AlertTexts = typeof en
const TEXTS: Record<AlertLanguage, AlertTexts> = { en, de, es, id, zh, ar }

/** The texts of `language`, English for any other. */
export const textsFor = (language: string): AlertTexts => TEXTS[language as AlertLanguage] ?? TEXTS.en

/** `{{name}}` placeholders filled from `vars`; unknown ones are left as they are. */
export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
