import { clsx } from 'clsx'
import { Link } from 'wouter'
import { buttonClass } from '../../ui/button'
import { useT } from '../../ui/use-t'
import s from './banner-section.module.css'

type Status = 'online' | 'offline' | 'provisioning' | 'error'

/** Sample devices of the illustration beside the pitch. */
const DEVICES: readonly { name: string; status: Status }[] = [
  { name: 'gateway', status: 'online' },
  { name: 'camera', status: 'online' },
  { name: 'router', status: 'provisioning' },
  { name: 'sensor', status: 'offline' },
]

/** The hero: what the console is for, and the way in. */
export function BannerSection() {
  const t = useT()
  return (
    <section id="banner" aria-labelledby="banner-title" className={s.banner}>
      <div className={s.inner}>
        <div className={s.pitch}>
          <p className={s.eyebrow}>{t('landing.banner.eyebrow')}</p>
          <h1 id="banner-title" className={s.title}>
            {t('landing.banner.title')}
          </h1>
          <p className={s.text}>{t('landing.banner.text')}</p>
          <div className={s.calls}>
            <Link href="/register" className={buttonClass('primary')}>
              {t('landing.banner.start')}
            </Link>
            <a href="#feature" className={buttonClass('secondary')}>
              {t('landing.banner.tour')}
            </a>
          </div>
        </div>
        <figure className={s.panel}>
          <figcaption className={s.panelHead}>
            <span>{t('landing.banner.panelTitle')}</span>
            <span className={s.live}>{t('landing.banner.panelLive')}</span>
          </figcaption>
          <ul role="list" className={s.devices}>
            {DEVICES.map(({ name, status }) => (
              <li key={name} className={s.device}>
                <code className={s.name} dir="ltr">{t(`landing.sample.${name}`)}</code>
                <span className={clsx(s.status, s[status])}>{t(`landing.banner.${status}`)}</span>
              </li>
            ))}
          </ul>
        </figure>
      </div>
    </section>
  )
}
