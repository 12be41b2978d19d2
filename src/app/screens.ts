import { lazyScreen, type LazyScreen } from '../lib/lazy-screen'
import type { ScreenKey } from './route-table'

/** Each screen's code, loaded when its route is first shown. */
export const SCREENS: Record<ScreenKey, LazyScreen> = {
  'sign-in': lazyScreen(() => import('../features/auth/sign-in-screen')),
  register: lazyScreen(() => import('../features/auth/register-screen')),
  'reset-password': lazyScreen(() => import('../features/auth/reset-password-screen')),
  terms: lazyScreen(() => import('../features/auth/terms-screen')),
  'sign-in-firebase': lazyScreen(() => import('../features/auth/social-sign-in-screen')),
  'register-firebase': lazyScreen(() => import('../features/auth/social-register-screen')),
  'not-found': lazyScreen(() => import('../features/errors/not-found-screen')),
  'server-error': lazyScreen(() => import('../features/errors/server-error-screen')),
  home: lazyScreen(() => import('../features/home/home-screen')),
}
