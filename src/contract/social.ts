import { object, type Infer } from 'superstruct'
import { Secret } from './validation'

/** The social sign-in providers the server can be configured with. */
export const PROVIDER_IDS = ['google', 'github', 'x'] as const
export type ProviderId = (typeof PROVIDER_IDS)[number]

export const PROVIDER_NAMES: Readonly<Record<ProviderId, string>> = { google: 'Google', github: 'GitHub', x: 'X' }

export const isProviderId = (value: unknown): value is ProviderId => (PROVIDER_IDS as readonly unknown[]).includes(value)

/** One entry of `GET /auth/providers`; `reason` says why a provider is disabled. */
export interface Provider {
  id: ProviderId
  name: string
  enabled: boolean
  reason?: string
}

/** `POST /auth/exchange`: the one-time code the provider callback put in the sign-in address. */
export const ExchangeBody = object({ code: Secret })
export type ExchangeBody = Infer<typeof ExchangeBody>

/**
 * Why a provider sign-in ended without a code. The callback sends the visitor to
 * `/login-firebase?error=auth.social.errors.<reason>`, a locale key the console translates.
 */
export const SOCIAL_ERRORS = ['state', 'denied', 'provider', 'noEmail', 'unverified', 'disabled'] as const
export type SocialError = (typeof SOCIAL_ERRORS)[number]

export const socialErrorKey = (error: SocialError) => `auth.social.errors.${error}` as const

/** The locale key of a `?error=` value, or undefined when it is not one the server sends. */
export const knownSocialError = (value: string | null): string | undefined =>
  SOCIAL_ERRORS.map(socialErrorKey).find((key) => key === value)
