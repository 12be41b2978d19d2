import { lazyScreens, type LazyScreen } from '../lib/lazy-screen'
import { LoadFailed } from '../ui/load-failed'
import type { ScreenKey } from './route-table'

/** Each screen's code, loaded when its route is first shown; one that cannot be downloaded says so, with a retry. */
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
  'enrollment-keys': () => import('../features/enrollment-keys/enrollment-keys-screen'),
  alerts: () => import('../features/alerts/alerts-screen'),
  'alert-rules': () => import('../features/alerts/rules-screen'),
  tunnels: () => import('../features/tunnels/tunnels-screen'),
  tunnel: () => import('../features/tunnels/tunnel-screen'),
  'access-keys': () => import('../features/access-keys/access-keys-screen'),
  users: () => import('../features/users/users-screen'),
  user: () => import('../features/users/user-screen'),
  roles: () => import('../features/roles/roles-screen'),
  role: () => import('../features/roles/role-screen'),
  organizations: () => import('../features/organizations/organizations-screen'),
  'app-ids': () => import('../features/app-ids/app-ids-screen'),
  webhooks: () => import('../features/webhooks/webhooks-screen'),
  billing: () => import('../features/billing/billing-screen'),
  network: () => import('../features/network/network-screen'),
  traffic: () => import('../features/traffic/traffic-screen'),
  audit: () => import('../features/audit/audit-screen'),
  invitation: () => import('../features/users/invitation-screen'),
  'api-reference': () => import('../features/api-reference/api-reference-screen'),
  shell: () => import('./shell/shell'),
  // The shell's parts that its first paint in the default layout (the sidebar) does not need: the
  // other layouts (keyed like the layout), the settings drawer and the guide (keyed like the panel),
  // Show Code's sources and the status notices. The shell finds them here, so each loads with a
  // stylesheet of its own, and neither their code nor their styles are in the shell's files.
  'big-sidebar': () => import('./shell/big-sidebar'),
  'top-navigation': () => import('./shell/top-navigation'),
  'mega-menu': () => import('./shell/mega-menu'),
  settings: () => import('./shell/panels/settings-drawer'),
  guide: () => import('./shell/panels/guide-dialog'),
  'code-panel': () => import('./shell/panels/code-panel-body'),
  'status-notices': () => import('./shell/status-notices'),
  // The command palette (Ctrl+K): the shell finds it here, and it loads with its own stylesheet.
  palette: () => import('./shell/palette/palette-screen'),
  // The question a sign-out asks while changes wait unsent (a rare sight): the header finds it here.
  'sign-out': () => import('./shell/header/sign-out-dialog'),
  // A list's bulk bar and a bulk entry's records in the audit trail: the list kit and the trail
  // find them here once needed, so neither their code nor their stylesheet is in a list's first load.
  bulk: () => import('../ui/bulk/bulk-tools'),
  'bulk-audit': () => import('../ui/bulk/bulk-audit'),
  // The demo pages (src/app/demo-pages.ts); a build without them loads src/demo/no-demo.tsx here.
  'demo-task': () => import('../demo/task/task-screen'),
  'demo-article': () => import('../demo/article/article-screen'),
  'demo-tables': () => import('../demo/tables/tables-screen'),
  'demo-invoice': () => import('../demo/invoice/invoice-screen'),
  'demo-crm-dashboard': () => import('../demo/crm-dashboard/crm-dashboard-screen'),
  'demo-crypto-dashboard': () => import('../demo/crypto-dashboard/crypto-dashboard-screen'),
  'demo-contacts': () => import('../demo/contacts/contacts-screen'),
  'demo-email': () => import('../demo/email/email-screen'),
  'demo-chat': () => import('../demo/chat/chat-screen'),
  'demo-calendar': () => import('../demo/calendar/calendar-screen'),
  'demo-timeline': () => import('../demo/timeline/timeline-screen'),
  'demo-user-profile': () => import('../demo/user-profile/user-profile-screen'),
  'demo-photo-gallery': () => import('../demo/photo-gallery/photo-gallery-screen'),
  'demo-products': () => import('../demo/products/products-screen'),
  'demo-checkout': () => import('../demo/checkout/checkout-screen'),
  'demo-forms': () => import('../demo/forms/forms-screen'),
  'demo-widgets': () => import('../demo/widgets/widgets-screen'),
}, LoadFailed)
