/** API paths relative to `{host}` (the reference server mounts them at `/api`). */
export const API = {
  login: '/login/users/',
  self: '/users/self',
  register: '/register/',
  forgot: '/password/forgot',
  reset: '/password/reset',
  logout: '/logout',
  docs: '/docs',
} as const
