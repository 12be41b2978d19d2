import { BRAND } from '../contract/brand'
import { clsx } from 'clsx'
import s from './brand.module.css'
import { useT } from './use-t'

/** The logo mark with the brand name. */
export function Brand({ className }: { className?: string }) {
  const t = useT()
  const logo = t(BRAND.logo)
  return (
    <p className={clsx(s.brand, className)}>
      <span className={s.mark} aria-hidden="true">
        {logo.charAt(0)}
      </span>
      <span className={s.name}>{t(BRAND.name)}</span>
    </p>
  )
}

/** The brand's footer: its name and 'All Rights Reserved', under the public screens. */
export function Footer({ className }: { className?: string }) {
  const t = useT()
  return (
    <footer className={clsx(s.footer, className)}>
      <small>
        {t(BRAND.name)} · {t(BRAND.footer)}
      </small>
    </footer>
  )
}
