import { lazyScreens, type LazyScreen } from '../lib/lazy-screen'
import type { ScreenKey } from './route-table'

/** Each screen's code, loaded when its route is first shown. */
export const SCREENS: Record<ScreenKey, LazyScreen> = lazyScreens({
  'sign-in': () => import('../features/auth/sign-in-screen'),
  register: () => import('../features/auth/register-screen'),
  'reset-password': () => import('../features/auth/reset-password-screen'),
  terms: () => import('../features/auth/terms-screen'),
  'sign-in-firebase': () => import('../features/auth/social-sign-in-screen'),
  'register-firebase': () => import('../features/auth/social-register-screen'),
  'not-found': () => import('../features/errors/not-found-screen'),
  'server-error': () => import('../features/errors/server-error-screen'),
  landing: () => import('../features/landing/landing-screen'),
  home: () => import('../features/home/home-screen'),
  profile: () => import('../features/profile/profile-screen'),
  devices: () => import('../features/devices/devices-screen'),
  device: () => import('../features/devices/device-screen'),
  tunnels: () => import('../features/tunnels/tunnels-screen'),
  'access-keys': () => import('../features/access-keys/access-keys-screen'),
  users: () => import('../features/users/users-screen'),
  user: () => import('../features/users/user-screen'),
  roles: () => import('../features/roles/roles-screen'),
  role: () => import('../features/roles/role-screen'),
  organizations: () => import('../features/organizations/organizations-screen'),
  'app-ids': () => import('../features/app-ids/app-ids-screen'),
  billing: () => import('../features/billing/billing-screen'),
  network: () => import('../features/network/network-screen'),
  traffic: () => import('../features/traffic/traffic-screen'),
  invitation: () => import('../features/users/invitation-screen'),
  shell: () => import('./shell/shell'),
  // The demo pages (src/app/demo-pages.ts); a build without them loads src/demo/no-demo.tsx here.
  'demo-task': () => import('../demo/task/task-screen'),
  'demo-tables': () => import('../demo/tables/tables-screen'),
  'demo-invoice': () => import('../demo/invoice/invoice-screen'),
})
