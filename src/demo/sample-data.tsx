import { useId } from 'react'
import texts from '../../locales/demo-sample/en.json'
import { addNamespace } from '../stores/locale'
import { useT } from '../ui/use-t'
import s from './sample-data.module.css'

addNamespace(texts, (locale) => import(`../../locales/demo-sample/${locale}.json`))

/** Said first on a demo page whose figures could pass for the fleet's: they are made up. */
export function SampleData() {
  const t = useT()
  const id = useId()
  return (
    <p role="note" aria-labelledby={id} className={s.note}>
      <strong id={id} className={s.mark}>
        {t('demo-sample.mark')}
      </strong>
      <span>{t('demo-sample.text')}</span>
    </p>
  )
}
