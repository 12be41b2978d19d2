/** Below this width the navigation becomes a swipe drawer. */
export const SMALL_SCREEN_WIDTH = 960
export const SMALL_SCREEN_QUERY = `(max-width: ${SMALL_SCREEN_WIDTH - 0.02}px)`
/** Drawer width 240 px (set in `drawer.module.css` and `sidebar.module.css`). */
/** The id of the navigation, whichever layout shows it, for the menu button's aria-controls. */
export const NAVIGATION_ID = 'shell-navigation'
export const DRAWER_WIDTH = 240

/** Page fade 700 ms (set in `shell.module.css`). */
export const PAGE_FADE_MS = 700
/** Page-loaded delay 500 ms: `pageLoaded` is set again this long after a location change. */
export const PAGE_LOADED_DELAY_MS = 500
/** Top loading bar 0 to 100 after 2 s. */
export const LOADING_BAR_MS = 2000
/** How often the loading bar moves on. */
export const LOADING_BAR_STEP_MS = 100
/** Page min height is window height plus 112 px. */
export const PAGE_MIN_HEIGHT_EXTRA = 112

/** A swipe opens the drawer when it starts this close to the start edge... */
export const SWIPE_EDGE = 24
/** ...and moves at least this far (px) across. */
export const SWIPE_DISTANCE = 50

/** Paths that show no breadcrumb. */
export const NO_BREADCRUMB = ['/app', '/app/crm-dashboard', '/app/crypto-dashboard'] as const
