import type { Presence } from '../stores/ui'

/**
 * The brand in one place. Display texts are locale keys (`brand.*` in `locales/`), so each
 * language can word them; the rest is configuration.
 */
export const BRAND = {
  name: 'brand.name',
  description: 'brand.description',
  footer: 'brand.footer',
  logo: 'brand.logo',
  /** Prefix of the document title and of the console's storage names. */
  prefix: 'edgeline',
  /** Presence status a user starts with on a new device. */
  defaultPresence: 'online' as Presence,
} as const
