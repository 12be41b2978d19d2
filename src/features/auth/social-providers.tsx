import { clsx } from 'clsx'
import { useEffect, useId, useState } from 'react'
import { useSearch } from 'wouter'
import en from '../../../locales/auth/en.json'
import { NOT_FOUND } from '../../api/client'
import { listProviders, providerStartUrl } from '../../api/social'
import { PROVIDER_IDS, PROVIDER_NAMES, type Provider, type ProviderId } from '../../contract/social'
import { messageText } from '../../lib/i18n'
import '../../ui/auth-texts'
import { useHydrated } from '../../ui/use-hydrated'
import { useT } from '../../ui/use-t'
import s from './social-layout.module.css'

/** Monochrome marks (Simple Icons, CC0), drawn in the text colour. */
const MARKS: Record<ProviderId, string> = {
  google:
    'M12.48 10.92v3.28h7.84c-.24 1.84-.853 3.187-1.787 4.133-1.147 1.147-2.933 2.4-6.053 2.4-4.827 0-8.6-3.893-8.6-8.72s3.773-8.72 8.6-8.72c2.6 0 4.507 1.027 5.907 2.347l2.307-2.307C18.747 1.44 16.133 0 12.48 0 5.867 0 .307 5.387.307 12s5.56 12 12.173 12c3.573 0 6.267-1.173 8.373-3.36 2.16-2.16 2.84-5.213 2.84-7.667 0-.76-.053-1.467-.173-2.053H12.48z',
  github:
    'M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57l-.02-2.04c-3.34.73-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.09-.74.08-.73.08-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.81 1.3 3.5 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22l-.01 3.29c0 .31.2.69.82.57A12 12 0 0 0 12 .3',
  x: 'M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.6l5.24 6.93zm-1.29 19.5h2.04L6.49 3.24H4.3z',
}

type Loaded = { providers: readonly Provider[] } | { failed: string } | null

/** The reason a disabled provider shows; the server's standard one in the visitor's language. */
const useReason = () => {
  const t = useT()
  return (reason: string | undefined) => (!reason || reason === en.auth.social.notConfigured ? t('auth.social.notConfigured') : messageText(reason))
}

/**
 * Google, GitHub and X as the server configures them (`GET /auth/providers`): an enabled one sends
 * the browser to the provider, a disabled one says why. Until the list arrives all wait, disabled.
 */
export function SocialProviders() {
  const t = useT()
  const reasonOf = useReason()
  const id = useId()
  const [loaded, setLoaded] = useState<Loaded>(null)
  const [leaving, setLeaving] = useState<ProviderId | null>(null)
  // The prerendered page has no query string: `next` counts once hydration is over.
  const search = useSearch()
  const next = useHydrated() ? new URLSearchParams(search).get('next') : null

  useEffect(() => {
    let live = true
    void listProviders().then((result) => {
      if (!live) return
      if (result.ok && Array.isArray(result.data)) setLoaded({ providers: result.data })
      else setLoaded({ failed: result.ok ? NOT_FOUND : result.message })
    })
    return () => {
      live = false
    }
  }, [])

  // Coming back with the Back button may restore this page as it was left: waiting.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => event.persisted && setLeaving(null)
    window.addEventListener('pageshow', back)
    return () => window.removeEventListener('pageshow', back)
  }, [])

  const entries = PROVIDER_IDS.map((provider) => {
    const listed = loaded && 'providers' in loaded ? loaded.providers.find((entry) => entry.id === provider) : undefined
    const reason =
      loaded === null ? t('ui.loading') : 'failed' in loaded ? messageText(loaded.failed) : listed?.enabled ? '' : reasonOf(listed?.reason)
    return { provider, name: PROVIDER_NAMES[provider], enabled: Boolean(listed?.enabled), reason }
  })
  const reasons = [...new Set(entries.filter((entry) => !entry.enabled).map((entry) => entry.reason))]
  const allDisabled = entries.every((entry) => !entry.enabled)
  const reasonId = (reason: string) => `${id}-${reasons.indexOf(reason)}`

  const go = (provider: ProviderId) => {
    setLeaving(provider)
    window.location.assign(providerStartUrl(provider, next))
  }

  return (
    <div className={s.providers}>
      <div role="group" aria-label={t('auth.social.group')} aria-busy={loaded === null || undefined} className={s.row}>
        {entries.map((entry) => (
          <button
            key={entry.provider}
            type="button"
            className={clsx(s.provider, entry.enabled && s.enabled)}
            disabled={!entry.enabled || leaving !== null}
            aria-busy={leaving === entry.provider || undefined}
            aria-describedby={entry.enabled ? undefined : reasonId(entry.reason)}
            onClick={() => go(entry.provider)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={MARKS[entry.provider]} fill="currentColor" />
            </svg>
            {entry.name}
          </button>
        ))}
      </div>
      {reasons.map((reason) => (
        <p key={reason} className={s.reason}>
          {!allDisabled && (
            <span>
              {entries
                .filter((entry) => !entry.enabled && entry.reason === reason)
                .map((entry) => entry.name)
                .join(', ')}
              :{' '}
            </span>
          )}
          <span id={reasonId(reason)}>{reason}</span>
        </p>
      ))}
    </div>
  )
}
