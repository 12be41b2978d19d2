/**
 * The brand in one place. Display texts are locale keys (`brand.*` in `locales/`), so each
 * language can word them; the rest is configuration.
 */
export const BRAND = {
  name: 'brand.name',
  description: 'brand.description',
  footer: 'brand.footer',
  logo: 'brand.logo',
  /** Prefix of the console's own local storage names (`console:preferences`, ...). */
  prefix: 'console',
  /** Presence status a user starts with on a new device: online, idle, bussy or offline. */
  defaultPresence: 'online',
} as const

/** A local storage name of the console's. */
export const storageName = (name: string): string => `${BRAND.prefix}:${name}`
