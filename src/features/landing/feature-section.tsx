import { useT } from '../../ui/use-t'
import s from './feature-section.module.css'
import { LineIcon, type LineIconName } from './landing-icons'
import { Section } from './section'

const FEATURES: readonly LineIconName[] = ['live', 'tunnels', 'keys', 'roles', 'kiosk', 'languages']

/** What the console does, one card a feature. */
export function FeatureSection() {
  const t = useT()
  return (
    <Section id="feature" title={t('landing.feature.title')} intro={t('landing.feature.intro')}>
      <ul role="list" className={s.grid}>
        {FEATURES.map((feature) => (
          <li key={feature} className={s.card}>
            <span className={s.icon}>
              <LineIcon name={feature} />
            </span>
            <h3 className={s.title}>{t(`landing.feature.${feature}.title`)}</h3>
            <p className={s.text}>{t(`landing.feature.${feature}.text`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  )
}
