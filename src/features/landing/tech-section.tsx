import { useT } from '../../ui/use-t'
import { Section } from './section'
import s from './tech-section.module.css'

const PARTS = ['console', 'contract', 'server', 'security'] as const

/** How the console is built, for the people who will run it. */
export function TechSection() {
  const t = useT()
  return (
    <Section id="tech" title={t('landing.tech.title')} intro={t('landing.tech.intro')}>
      <ul role="list" className={s.grid}>
        {PARTS.map((part) => (
          <li key={part} className={s.part}>
            <h3 className={s.title}>{t(`landing.tech.${part}.title`)}</h3>
            <p className={s.text}>{t(`landing.tech.${part}.text`)}</p>
          </li>
        ))}
      </ul>
      <p className={s.browsers}>{t('landing.tech.browsers')}</p>
    </Section>
  )
}
