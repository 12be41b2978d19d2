import texts from '../../../locales/terms/en.json'
import { addNamespace } from '../../stores/locale'
import { AuthLayout } from '../../ui/auth-layout'
import { useT } from '../../ui/use-t'
import s from './terms-screen.module.css'

/** The sections of `terms.*` in reading order; each has a title and paragraphs split by blank lines. */
const SECTIONS = [
  'acceptance',
  'service',
  'account',
  'devices',
  'use',
  'data',
  'billing',
  'availability',
  'termination',
  'liability',
  'changes',
] as const

// The terms are long, so their texts travel with this screen, not in the main locale file.
addNamespace(texts, (locale) => import(`../../../locales/terms/${locale}.json`))

export default function TermsScreen() {
  const t = useT()
  return (
    <AuthLayout title={t('terms.title')} intro={t('terms.updated')} wide>
      <article className={s.terms}>
        <p>{t('terms.intro')}</p>
        {SECTIONS.map((section, index) => (
          <section key={section} aria-labelledby={`terms-${section}`}>
            <h2 id={`terms-${section}`} className={s.heading}>
              {index + 1}. {t(`terms.${section}.title`)}
            </h2>
            {t(`terms.${section}.body`)
              .split('\n\n')
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </section>
        ))}
      </article>
    </AuthLayout>
  )
}
