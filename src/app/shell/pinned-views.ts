import { pinnedViews } from '../../api/views'
import { VIEW_COLLECTIONS } from '../../contract/collections'
import { live } from '../../stores/live'
import { $pinnedViews } from '../../stores/pinned-views'
import { $session } from '../../stores/session'

/** Changes arriving together are read once, this long after the first. */
const RELOAD_DELAY_MS = 400

/**
 * Keeps the menu's pinned views current after the shell shows: read once, again when a view
 * changes, events were missed, or the user's rights or organization changed; never asked for
 * without the right of a list that has views. A failed read keeps what the menu shows.
 */
export function watchPinnedViews(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  const load = async () => {
    controller?.abort()
    // Without the right of any list that has views, there is none to ask for.
    const rights = $session.get().user?.rights ?? []
    if (!VIEW_COLLECTIONS.some((right) => rights.includes(right))) return $pinnedViews.set([])
    const mine = (controller = new AbortController())
    const result = await pinnedViews(mine.signal)
    if (mine.signal.aborted || !result.ok) return
    $pinnedViews.set(result.data.rows.map((view) => ({ id: view.id, name: view.name, collection: view.collection })))
  }
  const soon = () => {
    timer ??= setTimeout(() => {
      timer = undefined
      void load()
    }, RELOAD_DELAY_MS)
  }
  void load()
  const stopLive = live.listen((event) => {
    if ((event.type === 'change' && event.data.collection === 'views') || event.type === 'reset' || event.type === 'rights') soon()
  })
  // Another organization, or signed out: its views are not these.
  let user = $session.get().user
  const stopSession = $session.listen((state) => {
    if (state.user?.id === user?.id && state.user?.organization?.id === user?.organization?.id && state.user?.rights === user?.rights) return
    user = state.user
    if (!user) $pinnedViews.set([])
    else soon()
  })
  return () => {
    clearTimeout(timer)
    controller?.abort()
    stopLive()
    stopSession()
  }
}
