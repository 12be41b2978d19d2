import { clsx } from 'clsx'
import s from './footer.module.css'
import { useT } from './use-t'

/** The brand name and 'All Rights Reserved', under the public screens. */
export function Footer({ className }: { className?: string }) {
  const t = useT()
  return (
    <footer className={clsx(s.footer, className)}>
      <small>
        {t('brand.name')} · {t('brand.footer')}
      </small>
    </footer>
  )
}
