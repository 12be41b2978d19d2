import { useId, type ReactNode } from 'react'
import { Footer } from '../../ui/footer'
import { useT } from '../../ui/use-t'
import s from './social-layout.module.css'

const PROVIDERS = ['google', 'github', 'x'] as const

/** The alternative public layout: a brand panel beside the form, providers first, then e-mail. */
export function SocialLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT()
  return (
    <div className={s.page}>
      <aside className={s.panel}>
        <p className={s.logo}>{t('brand.logo')}</p>
        <p className={s.name}>{t('brand.name')}</p>
        <p className={s.description}>{t('brand.description')}</p>
      </aside>
      <div className={s.side}>
        <main className={s.content}>
          <h1 className={s.title}>{title}</h1>
          <Providers />
          <p className={s.divider}>
            <span>{t('auth.social.orEmail')}</span>
          </p>
          {children}
        </main>
        <Footer />
      </div>
    </div>
  )
}

/** Google, GitHub and X; disabled with the reason until the server configures them. */
function Providers() {
  const t = useT()
  const reason = useId()
  return (
    <div className={s.providers}>
      <div role="group" aria-label={t('auth.social.group')} className={s.row}>
        {PROVIDERS.map((provider) => (
          <button key={provider} type="button" className={s.provider} disabled aria-describedby={reason}>
            {t(`auth.social.${provider}`)}
          </button>
        ))}
      </div>
      <p id={reason} className={s.reason}>
        {t('auth.social.notConfigured')}
      </p>
    </div>
  )
}
