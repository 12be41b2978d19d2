import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MENU, menuLinks, menuText, visibleMenu, withPinnedViews } from '../../../src/app/menu'
import { watchPinnedViews } from '../../../src/app/shell/pinned-views'
import { setToken, clearToken } from '../../../src/api/client'
import { $pinnedViews } from '../../../src/stores/pinned-views'
import { $session, initialSession } from '../../../src/stores/session'
import { createUser } from '../contract/factories'
import { listReply, routeFetch } from '../features/route-stub'

const t = (key: string) => `text of ${key}`

test('pinned views come as a last Views group, each linking to its list with ?view= and named as typed', () => {
  const menu = visibleMenu(MENU, ['devices'])
  const pinned = withPinnedViews(menu, [
    { id: 'v 1', name: 'Offline kiosks', collection: 'devices' },
    { id: 'v2', name: 'menu.home', collection: 'devices' },
  ])
  assert.equal(pinned.slice(0, -1), menu)
  const group = pinned.at(-1)!
  assert.is(menuText(t, group), 'text of menu.views')
  assert.equal(
    menuLinks([group]).map((item) => [menuText(t, item), item.link]),
    [
      ['Offline kiosks', '/app/devices?view=v%201'],
      ['menu.home', '/app/devices?view=v2'],
    ],
    "a view's name is shown as typed, never as a text key",
  )
})

test('no pinned view leaves the menu as it is', () => {
  const menu = visibleMenu(MENU, ['devices'])
  assert.is(withPinnedViews(menu, []), menu)
})

test("the menu reads the pinned views of the lists the user holds, and never asks without such a right", async () => {
  const view = { id: 'v1', name: 'Offline kiosks', collection: 'devices' }
  const stub = routeFetch({ 'GET /views/': () => listReply([view]) })
  setToken('token-1')
  try {
    const billing = createUser({ rights: ['billing'] })
    $session.set({ ...initialSession(), loggedIn: true, user: billing, uid: billing.id })
    let stop = watchPinnedViews()
    await new Promise((resolve) => setTimeout(resolve, 50))
    stop()
    assert.equal(stub.seen('GET /views/'), [], 'no list a view can be of: nothing asked')
    assert.equal($pinnedViews.get(), [])

    const fleet = createUser({ rights: ['devices'] })
    $session.set({ ...initialSession(), loggedIn: true, user: fleet, uid: fleet.id })
    stop = watchPinnedViews()
    await new Promise((resolve) => setTimeout(resolve, 50))
    stop()
    assert.is(stub.seen('GET /views/').length, 1)
    assert.match(stub.seen('GET /views/')[0]!.url, /filter%5Bpinned%5D=true/)
    assert.equal($pinnedViews.get(), [view])
  } finally {
    stub.restore()
    clearToken()
    $session.set(initialSession())
    $pinnedViews.set([])
  }
})

test.run()
