import { useStore } from '@nanostores/react'
import { RIGHTS, type Right } from '../../contract/rights'
import { $locale } from '../../stores/locale'
import { useT } from '../../ui/use-t'
import { pluralKey } from './preview-text'
import s from './roles.module.css'

/** A role's rights as small labels, at most `max` and how many more; "No rights" for none. */
export function RightList({ rights, max = RIGHTS.length }: { rights: readonly Right[]; max?: number }) {
  const t = useT()
  const locale = useStore($locale)
  if (!rights.length) return <span className={s.muted}>{t('roles.noRights')}</span>
  const shown = rights.length > max ? rights.slice(0, max - 1) : rights
  const more = rights.length - shown.length
  return (
    <ul className={s.rightList} aria-label={t(pluralKey('roles.rightCount', rights.length, locale), { n: rights.length })}>
      {shown.map((right) => (
        <li key={right}>{t(`menu.${right}`)}</li>
      ))}
      {more > 0 && <li className={s.more}>{t('roles.more', { n: more })}</li>}
    </ul>
  )
}
