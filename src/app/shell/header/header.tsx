import { BRAND } from '../../../contract/brand'
import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useRef } from 'react'
import { Link } from 'wouter'
import { $signOutAsked } from '../../../stores/sign-out'
import { $ui, toggleSidebar } from '../../../stores/ui'
import { Icon } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import { NAVIGATION_ID } from '../constants'
import { ShellPart } from '../shell-part'
import { useSmallScreen } from '../use-shell'
import s from './header.module.css'
import { HeaderActions } from './header-actions'
import { useHeaderScroll } from './header-scroll'
import { useHeaderSize } from './header-size'
import { OrganizationMenu } from './organization-menu'
import { SearchBox } from './search-box'
import { UserMenu } from './user-menu'

/** The question a sign-out asks while changes wait unsent: a part of the shell, loaded when first asked. */
function SignOutSlot() {
  return useStore($signOutAsked) ? <ShellPart name="sign-out" /> : null
}

/** The signed-in area's header: menu toggle, brand, search, actions and the user's menu. */
export function Header() {
  const t = useT()
  const { sidebarOpen, layout } = useStore($ui)
  const { darkened, faded, fixed } = useHeaderScroll()
  const header = useRef<HTMLElement>(null)
  useHeaderSize(header)
  // The top-navigation and mega-menu layouts have no side navigation to toggle on a desktop.
  const toggles = useSmallScreen() || layout === 'sidebar' || layout === 'big-sidebar'
  return (
    <header ref={header} className={clsx(s.header, darkened && s.darkened, fixed && s.fixed)}>
      {toggles && (
        <button
          type="button"
          className={s.iconButton}
          aria-label={t('header.toggleMenu')}
          aria-controls={NAVIGATION_ID}
          aria-expanded={sidebarOpen}
          onClick={toggleSidebar}
        >
          <Icon name="menu" />
        </button>
      )}
      <Link href="~/app" className={s.brand}>
        <span className={s.mark} aria-hidden="true">
          {t(BRAND.logo).charAt(0)}
        </span>
        <span className={s.brandName}>{t(BRAND.name)}</span>
      </Link>
      <SearchBox />
      <HeaderActions className={clsx(faded && s.faded)} />
      <OrganizationMenu />
      <UserMenu />
      <SignOutSlot />
    </header>
  )
}
