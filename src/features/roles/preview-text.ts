import { RIGHTS, type Right } from '../../contract/rights'
import type { RolePreview } from '../../contract/roles'

type Translate = (key: string, params?: Record<string, unknown>) => string

const rules = new Map<string, Intl.PluralRules>()

/**
 * `base.one` or `base.other` for `n` in `locale`. The locale files hold these two forms in every
 * language, so the other categories some languages have (Arabic's few, many) read as `other`.
 */
export function pluralKey(base: string, n: number, locale: string): string {
  let rule = rules.get(locale)
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)))
  return `${base}.${rule.select(n) === 'one' ? 'one' : 'other'}`
}

/**
 * The preview as one sentence: "Grants Billing to 3 users, removes Edge & Devices from 12 users."
 * Rights in their usual order, what is granted first; empty when nobody gains or loses anything.
 */
export function previewSentence(preview: RolePreview, t: Translate, locale: string): string {
  const part = (kind: 'grants' | 'removes', right: Right, n: number) =>
    t(pluralKey(`roles.preview.${kind}`, n, locale), { right: t(`menu.${right}`), n })
  const parts = [
    ...RIGHTS.flatMap((right) => (preview.grants[right] ? [part('grants', right, preview.grants[right])] : [])),
    ...RIGHTS.flatMap((right) => (preview.removes[right] ? [part('removes', right, preview.removes[right])] : [])),
  ]
  if (!parts.length) return ''
  const text = parts.join(t('roles.preview.separator'))
  return `${text.charAt(0).toLocaleUpperCase(locale)}${text.slice(1)}${t('roles.preview.end')}`
}
