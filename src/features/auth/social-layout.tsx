import type { ReactNode } from 'react'
import '../../ui/auth-texts'
import { Footer } from '../../ui/brand'
import { useT } from '../../ui/use-t'
import s from './social-layout.module.css'
import { SocialProviders } from './social-providers'
import { SocialReturn } from './social-return'

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
          <SocialReturn />
          <SocialProviders />
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
