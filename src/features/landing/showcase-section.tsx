import type { ReactNode } from 'react'
import { useT } from '../../ui/use-t'
import { Section } from './section'
import s from './showcase-section.module.css'

const FLEET = ['online', 'offline', 'provisioning', 'error'] as const

type Translate = ReturnType<typeof useT>

/** Sample counts, in proportion: the bar of each status. */
function FleetScreen({ t }: { t: Translate }) {
  const counts = FLEET.map((status) => Number(t(`landing.sample.${status}`)) || 0)
  const total = counts.reduce((sum, count) => sum + count, 0) || 1
  return (
    <dl className={s.bars}>
      {FLEET.map((status, index) => (
        <div key={status} className={s.barRow}>
          <dt>{t(`landing.showcase.fleet.${status}`)}</dt>
          <dd className={s.count}>{t(`landing.sample.${status}`)}</dd>
          <dd className={s.track} aria-hidden="true">
            {/* An SVG width, not a style attribute: the page's policy refuses inline styles. */}
            <svg className={s.bar}>
              <rect className={s[status]} width={`${Math.max(2, ((counts[index] ?? 0) / total) * 100)}%`} height="100%" rx="4" />
            </svg>
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** Label and sample value pairs: `[label key, value key]`. */
function Fields({ t, rows }: { t: Translate; rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className={s.fields}>
      {rows.map(([label, value]) => (
        <div key={label} className={s.field}>
          <dt>{t(label)}</dt>
          <dd>
            <code dir="ltr">{t(value)}</code>
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** Three screens of the console, drawn small beside what they are for. */
export function ShowcaseSection() {
  const t = useT()
  const items: readonly { key: string; screen: ReactNode }[] = [
    { key: 'fleet', screen: <FleetScreen t={t} /> },
    {
      key: 'tunnel',
      screen: (
        <Fields
          t={t}
          rows={[
            ['landing.showcase.tunnel.device', 'landing.sample.gateway'],
            ['landing.showcase.tunnel.protocol', 'landing.sample.protocol'],
            ['landing.showcase.tunnel.port', 'landing.sample.port'],
            ['landing.showcase.tunnel.endpoint', 'landing.sample.endpoint'],
          ]}
        />
      ),
    },
    {
      key: 'key',
      screen: (
        <>
          <Fields
            t={t}
            rows={[
              ['landing.showcase.key.name', 'landing.showcase.key.nameValue'],
              ['landing.showcase.key.prefix', 'landing.sample.prefix'],
              ['landing.showcase.key.scopes', 'landing.sample.scopes'],
              ['landing.showcase.key.lastUsed', 'landing.showcase.key.lastUsedValue'],
            ]}
          />
          <p className={s.badge}>{t('landing.showcase.key.once')}</p>
        </>
      ),
    },
  ]
  return (
    <Section id="showcase" title={t('landing.showcase.title')} intro={t('landing.showcase.intro')} tinted>
      <ol role="list" className={s.items}>
        {items.map(({ key, screen }) => (
          <li key={key} className={s.item}>
            <div className={s.copy}>
              <h3 className={s.title}>{t(`landing.showcase.${key}.title`)}</h3>
              <p className={s.text}>{t(`landing.showcase.${key}.text`)}</p>
            </div>
            <div className={s.screen}>{screen}</div>
          </li>
        ))}
      </ol>
    </Section>
  )
}
