/**
 * The `/app` page's start script (see `start-page.ts`): this page answers every address inside
 * `/app` that has no page of its own, and the service worker keeps it for all of them, so it reads
 * the screen from the address with the whole route table.
 */
import { earlyRouteFor } from './early-route'
import { startPage } from './start-page'

startPage(earlyRouteFor(location.pathname))
