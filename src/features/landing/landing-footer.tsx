import { Link } from 'wouter'
import { Brand } from '../../ui/brand'
import { useT } from '../../ui/use-t'
import s from './landing-footer.module.css'
import { Mark, type MarkName } from './landing-icons'

const NETWORKS: readonly { name: MarkName; href: string }[] = [
  { name: 'github', href: 'https://github.com/' },
  { name: 'x', href: 'https://x.com/' },
  { name: 'linkedin', href: 'https://www.linkedin.com/' },
]

/** The brand, the social links and 'All Rights Reserved'. */
export function LandingFooter() {
  const t = useT()
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.about}>
          <Brand />
          <p className={s.muted}>{t('landing.footer.about')}</p>
        </div>
        <nav aria-label={t('landing.footer.social')}>
          <ul role="list" className={s.networks}>
            {NETWORKS.map(({ name, href }) => (
              <li key={name}>
                <a href={href} className={s.network} aria-label={t(`landing.footer.${name}`)} rel="noopener noreferrer">
                  <Mark name={name} />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={s.bottom}>
        <small>
          {t('brand.name')} · {t('brand.footer')}
        </small>
        <Link href="/terms-conditions" className={s.terms}>
          {t('landing.footer.terms')}
        </Link>
      </div>
    </footer>
  )
}
