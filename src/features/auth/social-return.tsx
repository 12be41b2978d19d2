import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { exchangeCode } from '../../api/social'
import { knownSocialError, socialErrorKey } from '../../contract/social'
import { $session } from '../../stores/session'
import { login } from '../../stores/sign-in'
import '../../ui/auth-texts'
import { Banner } from '../../ui/banner'
import { useHydrated } from '../../ui/use-hydrated'
import { useT } from '../../ui/use-t'

/** Codes already sent, so a second mount (or a strict-mode rerun) never spends one twice. */
const spent = new Set<string>()

/**
 * Where a provider sign-in comes back: `?code=` is traded for the session (the public-route guard
 * then moves on to `next`), `?error=` shows why the provider sign-in failed.
 */
export function SocialReturn() {
  const t = useT()
  const { loading } = useStore($session)
  const [location, navigate] = useLocation()
  // The prerendered page has no query string: it counts once hydration is over.
  const search = useSearch()
  const query = new URLSearchParams(useHydrated() ? search : '')
  const code = query.get('code')
  const error = query.get('error')
  const [exchanging, setExchanging] = useState(false)

  /** The same address without `names`, replacing this history entry. */
  const drop = (...names: string[]) => {
    const rest = new URLSearchParams(search)
    for (const name of names) rest.delete(name)
    const left = rest.toString()
    navigate(left ? `${location}?${left}` : location, { replace: true })
  }

  useEffect(() => {
    if (!code || spent.has(code)) return
    spent.add(code)
    setExchanging(true)
    // The code works once: it leaves the address (and the history) before it is used.
    drop('code')
    void login(() => exchangeCode(code)).finally(() => setExchanging(false))
  }, [code])

  if (exchanging && loading) return <Banner variant="info">{t('auth.social.signingIn')}</Banner>
  if (!error) return null
  return (
    <Banner variant="error" onClose={() => drop('error')}>
      {t(knownSocialError(error) ?? socialErrorKey('provider'))}
    </Banner>
  )
}
