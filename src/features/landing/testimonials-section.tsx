import { useT } from '../../ui/use-t'
import { Section } from './section'
import s from './testimonials-section.module.css'

const VOICES = ['one', 'two', 'three'] as const

/** Operators on what changed for them. */
export function TestimonialsSection() {
  const t = useT()
  return (
    <Section id="testimonials" title={t('landing.testimonials.title')} tinted>
      <ul role="list" className={s.grid}>
        {VOICES.map((voice) => (
          <li key={voice}>
            <figure className={s.card}>
              <blockquote className={s.quote}>
                <p>{t(`landing.testimonials.${voice}.quote`)}</p>
              </blockquote>
              <figcaption className={s.who}>
                <span className={s.name}>{t(`landing.testimonials.${voice}.name`)}</span>
                <span className={s.role}>{t(`landing.testimonials.${voice}.role`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  )
}
