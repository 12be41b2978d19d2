import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'wouter'
import { Brand } from '../../ui/brand'
import { buttonClass } from '../../ui/button'
import { useT } from '../../ui/use-t'
import s from './landing-header.module.css'
import { LineIcon } from './landing-icons'
import { SECTIONS } from './sections'

/** Above this width the sections show in the bar and the menu button goes away. */
const WIDE = '(min-width: 48rem)'

/** The sticky header: brand, the main sections, Register and Sign In; a menu of every section on small screens. */
export function LandingHeader() {
  const t = useT()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const menu = useId()

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    const wide = window.matchMedia(WIDE)
    const onWide = () => wide.matches && setOpen(false)
    document.addEventListener('keydown', onKey)
    wide.addEventListener('change', onWide)
    return () => {
      document.removeEventListener('keydown', onKey)
      wide.removeEventListener('change', onWide)
    }
  }, [open])

  const close = () => setOpen(false)

  return (
    <header className={s.header}>
      <div className={s.bar}>
        <a href="#banner" className={s.home}>
          <Brand />
        </a>
        <nav aria-label={t('landing.nav.sections')} className={s.links}>
          <ul role="list" className={s.list}>
            {SECTIONS.filter((section) => section.inBar).map(({ id }) => (
              <li key={id}>
                <a href={`#${id}`} className={s.link}>
                  {t(`landing.nav.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={s.actions}>
          <Link href="/register" className={buttonClass('secondary', false, s.register)}>
            {t('landing.nav.register')}
          </Link>
          <Link href="/login" className={buttonClass('primary', false, s.signIn)}>
            {t('landing.nav.signIn')}
          </Link>
          <button
            ref={toggle}
            type="button"
            className={s.toggle}
            aria-expanded={open}
            aria-controls={menu}
            aria-label={t('landing.nav.menu')}
            onClick={() => setOpen(!open)}
          >
            <LineIcon name={open ? 'close' : 'menu'} />
          </button>
        </div>
      </div>
      <nav id={menu} aria-label={t('landing.nav.menu')} className={s.menu} hidden={!open}>
        <ul role="list" className={s.menuList}>
          {[{ id: 'banner', key: 'home' }, ...SECTIONS.map(({ id }) => ({ id, key: id }))].map(({ id, key }) => (
            <li key={id}>
              <a href={`#${id}`} className={s.menuLink} onClick={close}>
                {t(`landing.nav.${key}`)}
              </a>
            </li>
          ))}
        </ul>
        <Link href="/register" className={buttonClass('secondary', true)} onClick={close}>
          {t('landing.nav.register')}
        </Link>
      </nav>
    </header>
  )
}
