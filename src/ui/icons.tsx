/** The icons of the sidebar's entries. */
export type MenuIconName =
  | 'home'
  | 'account'
  | 'profile'
  | 'organization'
  | 'billing'
  | 'key'
  | 'users'
  | 'user'
  | 'role'
  | 'inventory'
  | 'device'
  | 'tunnel'
  | 'app'
  | 'network'
  | 'dashboard'
  | 'traffic'
  | 'demo'
  | 'task'
  | 'table'
  | 'edit'
  | 'chat'
  | 'mail'
  | 'calendar'
  | 'timeline'
  | 'image'
  | 'cart'
  | 'webhook'
  | 'bell'
  | 'code'

/** Every icon the console draws: the menu's plus the shell's and header's own. */
export type IconName =
  | MenuIconName
  | 'menu'
  | 'search'
  | 'chevron-down'
  | 'chevron-up'
  | 'chevron-start'
  | 'chevron-end'
  | 'close'
  | 'fullscreen'
  | 'fullscreen-exit'
  | 'moon'
  | 'sun'
  | 'help'
  | 'logout'
  | 'globe'
  | 'settings'
  | 'palette'
  | 'layout'
  | 'check'
  | 'dot'
  | 'copy'

// Each icon is a list of path data drawn on a 24 x 24 grid with a 2px round stroke.
const PATHS: Record<IconName, string[]> = {
  home: ['M3 11l9-8 9 8', 'M5 10v10h5v-6h4v6h5V10'],
  account: ['M4 20V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v14', 'M2 20h20', 'M9 8h6M9 12h6M9 16h6'],
  profile: ['M3 5h18v14H3z', 'M9 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M5 16c1-2 7-2 8 0', 'M15 9h3M15 13h3'],
  organization: ['M9 3h6v5H9z', 'M3 16h6v5H3zM15 16h6v5h-6z', 'M12 8v4M6 16v-4h12v4'],
  billing: ['M3 6h18v12H3z', 'M3 10h18', 'M7 15h4'],
  key: ['M8 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M12 12h9M18 12v3M21 12v3'],
  users: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M2 21c0-4 3-6 7-6s7 2 7 6', 'M16 3.5a4 4 0 0 1 0 7', 'M18 15c2.5.5 4 2.5 4 6'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21c0-4 4-6 8-6s8 2 8 6'],
  role: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4'],
  inventory: ['M3 7l9-4 9 4-9 4z', 'M3 7v10l9 4 9-4V7', 'M12 11v10'],
  device: ['M4 4h16v12H4z', 'M9 20h6M12 16v4'],
  tunnel: ['M3 20V12a9 9 0 0 1 18 0v8', 'M7 20v-8a5 5 0 0 1 10 0v8', 'M1 20h22'],
  app: ['M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z'],
  network: ['M12 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5 21a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM19 21a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M12 7v5M12 12l-6 5M12 12l6 5'],
  dashboard: ['M4 4h7v9H4zM13 4h7v5h-7zM13 11h7v9h-7zM4 15h7v5H4z'],
  traffic: ['M3 17l6-6 4 4 8-8', 'M15 7h6v6'],
  demo: ['M4 4h16v16H4z', 'M4 9h16', 'M9 9v11'],
  table: ['M3 5h18v14H3z', 'M3 10h18M3 15h18M9 5v14'],
  task: ['M10 6h10M10 12h10M10 18h10', 'M3.5 6l1.5 1.5L7.5 5M3.5 12l1.5 1.5 2.5-2.5M3.5 18l1.5 1.5 2.5-2.5'],
  menu: ['M4 6h16M4 12h16M4 18h16'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M16 16l5 5'],
  'chevron-down': ['M6 9l6 6 6-6'],
  'chevron-up': ['M6 15l6-6 6 6'],
  'chevron-start': ['M15 6l-6 6 6 6'],
  'chevron-end': ['M9 6l6 6-6 6'],
  close: ['M6 6l12 12M18 6L6 18'],
  fullscreen: ['M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5'],
  'fullscreen-exit': ['M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5'],
  moon: ['M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z'],
  sun: ['M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4'],
  help: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14', 'M12 17.5v.5'],
  logout: ['M10 4H5v16h5', 'M15 8l4 4-4 4M19 12H9'],
  globe: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M2 12h20', 'M12 2c3 3 3 17 0 20M12 2c-3 3-3 17 0 20'],
  settings: ['M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1'],
  code: ['M8 7l-5 5 5 5M16 7l5 5-5 5', 'M14 4l-4 16'],
  bell: ['M6 16V11a6 6 0 0 1 12 0v5l2 2H4z', 'M10 21h4'],
  palette: ['M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-1.5-1-2.5S14 15 15 15h2a4 4 0 0 0 4-4c0-4.5-4-8-9-8z', 'M7.5 11.5h.01M10 7.5h.01M15 7.5h.01'],
  layout: ['M3 4h18v16H3z', 'M9 4v16M9 10h12'],
  check: ['M5 12l5 5 9-10'],
  dot: [],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  edit: ['M4 20h4L19 9l-4-4L4 16z', 'M13 7l4 4'],
  chat: ['M4 5h16v11H9l-5 4z', 'M8 9h8M8 12h5'],
  mail: ['M3 5h18v14H3z', 'M3 6l9 7 9-7'],
  calendar: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v5M16 3v5'],
  timeline: ['M6 3v18', 'M6 7h2M6 17h2', 'M10 5h10v4H10zM10 15h10v4H10z'],
  image: ['M3 5h18v14H3z', 'M3 16l5-5 4 4 3-3 6 6', 'M15.5 9.5a1.5 1.5 0 1 0 0-.1'],
  cart: ['M3 4h2l2.5 11h11L21 7H6.5', 'M9 20a1 1 0 1 0 0-.1M18 20a1 1 0 1 0 0-.1'],
  webhook: ['M9 16.5a3 3 0 1 1-1.5-4.9L11 6', 'M12 8a3 3 0 1 1 2.3 2.9L17 16', 'M17 13.5a3 3 0 1 1-2.6 4.5H8'],
}

/** An inline 24px SVG icon in the current text colour; decorative (`aria-hidden`). */
export function Icon({ name, className, size = 20 }: { name: IconName; className?: string; size?: number }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {name === 'dot' ? <circle cx="12" cy="12" r="6" fill="currentColor" stroke="none" /> : null}
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
