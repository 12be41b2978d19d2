import type { EarlyRoute } from './ask-early'
import { FIRST_REQUESTS } from './first-requests'
import { APP_BASE, appRouteFor } from './route-table'

/** The screen an `/app` address opens, with its right and first requests, read from the route table. */
export function earlyRouteFor(pathname: string): EarlyRoute {
  const { screen, right } = appRouteFor(pathname.slice(APP_BASE.length))
  return { screen, right, first: FIRST_REQUESTS[screen] }
}
