import { useStore } from '@nanostores/react'
import { Suspense, useEffect } from 'react'
import { markScreenHydrated } from '../lib/hydration'
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter'
import { $checking, $serverDown, $session } from '../stores/session'
import { Spinner } from '../ui/spinner'
import { Splash } from '../ui/splash'
import { guardApp, guardPublic } from './guards'
import { RefusedRedirect } from './refused-redirect'
import { APP_BASE, appRouteFor, PAGE_ROUTES, type ScreenKey } from './route-table'
import { SCREENS } from './screens'

/** Tells a prerendered page that its screen's boundary has hydrated (see src/lib/hydration.ts). */
function HydrationMark() {
  useEffect(markScreenHydrated, [])
  return null
}

const ScreenOf = ({ screen }: { screen: ScreenKey }) => {
  const Screen = SCREENS[screen]
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
      <HydrationMark />
    </Suspense>
  )
}

function PublicGate({ screen }: { screen: ScreenKey }) {
  const { loggedIn } = useStore($session)
  const decision = guardPublic(loggedIn, useSearch())
  if ('redirect' in decision) return <Redirect to={decision.redirect} replace />
  return <ScreenOf screen={screen} />
}

/** Everything under `/app`: the session and rights guards, then the screen of the route. */
function AppArea() {
  const session = useStore($session)
  const checking = useStore($checking)
  const [location] = useLocation()
  const search = useSearch()
  const route = appRouteFor(location)
  const here = APP_BASE + (location === '/' ? '' : location) + (search ? `?${search}` : '')
  const decision = guardApp({ ...session, checking }, here, route.right)
  if ('redirect' in decision) {
    return decision.refused ? <RefusedRedirect to={`~${decision.redirect}`} path={route.path} right={decision.refused} /> : <Redirect to={`~${decision.redirect}`} replace />
  }
  if (decision.show === 'splash') return <Splash />
  const Shell = SCREENS.shell
  return (
    <Suspense fallback={<Splash />}>
      <Shell>
        {/* A screen drawn on the kept user's organization is drawn anew for the live user's. */}
        <ScreenOf key={session.user?.organization?.id} screen={route.screen} />
      </Shell>
    </Suspense>
  )
}

function Routes() {
  const serverDown = useStore($serverDown)
  if (serverDown) return <ScreenOf screen="server-error" />
  return (
    <Switch>
      {PAGE_ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          {route.publicOnly ? <PublicGate screen={route.screen} /> : <ScreenOf screen={route.screen} />}
        </Route>
      ))}
      <Route path={APP_BASE} nest>
        <AppArea />
      </Route>
      <Route>
        <ScreenOf screen="not-found" />
      </Route>
    </Switch>
  )
}

/** The console; `ssrPath` renders one location without a browser (prerender, tests). */
export function App({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string }) {
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <Routes />
    </Router>
  )
}
