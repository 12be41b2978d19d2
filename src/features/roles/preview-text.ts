import { RIGHTS, type Right } from '../../contract/rights'
import type { RolePreview } from '../../contract/roles'
import { pluralKey } from '../../lib/plural'

type Translate = (key: string, params?: Record<string, unknown>) => string

export { pluralKey }

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
