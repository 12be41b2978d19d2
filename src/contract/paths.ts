/** API paths relative to `{host}` (the reference server mounts them at `/api`). */
export const API = {
  login: '/login/users/',
  self: '/users/self',
  register: '/register/',
  forgot: '/password/forgot',
  reset: '/password/reset',
  logout: '/logout',
  docs: '/docs',
  providers: '/auth/providers',
  exchange: '/auth/exchange',
} as const

/** Where the browser starts a provider sign-in, and where the provider sends it back. */
export const socialStartPath = (provider: string) => `/auth/${provider}/start`
export const socialCallbackPath = (provider: string) => `/auth/${provider}/callback`

/**
 * `/alerts`: here rather than beside the alert structs, so a screen that only reads alerts (a
 * device's page) takes the path without the rules' validation code.
 */
export const ALERTS_PATH = '/alerts'
/** The alerts' mutes; spelled out, so a page's start script keeps it without the code around it. */
export const ALERT_MUTES_PATH = '/alerts/mutes'
/** The organization's alert mail this hour against its limit. */
export const ALERT_MAIL_PATH = '/alerts/mail'

/** The API's OpenAPI description, which the API reference screen reads. */
export const OPENAPI_PATH = '/openapi.json'

/** `POST /oauth/token`: here too, so showing it (an app id's secret dialog) takes no validation code. */
export const TOKEN_PATH = '/oauth/token'
