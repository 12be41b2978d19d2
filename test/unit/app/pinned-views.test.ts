import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MENU, menuLinks, menuText, visibleMenu, withPinnedViews } from '../../../src/app/menu'

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

test.run()
