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
