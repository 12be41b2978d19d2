import { useStore } from '@nanostores/react'
import { $locale, LOCALES, setLocale } from '../../../stores/locale'
import { Dropdown } from '../../../ui/dropdown'
import { Icon } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import s from './header.module.css'

/** The language switcher: each language named in itself. */
export function LanguageMenu() {
  const t = useT()
  const locale = useStore($locale)
  return (
    <Dropdown
      // The name holds the code the button shows, so what is seen is also what is said.
      label={`${t('header.language')} ${locale.toUpperCase()}`}
      buttonClassName={s.menuButton}
      button={
        <>
          <Icon name="globe" />
          <span className={s.code}>{locale.toUpperCase()}</span>
        </>
      }
      items={LOCALES.map((value) => ({
        key: value,
        lang: value,
        label: t(`header.languages.${value}`),
        checked: value === locale,
        onSelect: () => void setLocale(value),
      }))}
    />
  )
}
