import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { DEMO_PAGES, demoPath } from '../../../src/app/demo-pages'
import { MENU, menuLinks, visibleMenu } from '../../../src/app/menu'
import { APP_BASE, APP_ROUTES, appRouteFor } from '../../../src/app/route-table'
import { isRight, RIGHTS } from '../../../src/contract/rights'

// The menu and the route table are two lists joined by name: a misspelt link would show Home.

const links = menuLinks(MENU)
/** A link's path inside `/app`, or undefined for a link elsewhere. */
const inApp = (link: string) => (link.startsWith(`${APP_BASE}/`) ? link.slice(APP_BASE.length) : undefined)
const linkedPaths = new Set(links.map((item) => inApp(item.link ?? '')))
test('every menu link opens a route of its own that asks for the right of its key', () => {
  // Every right has its link, so the checks below run over them all.
  assert.equal([...new Set(links.map((item) => item.key).filter(isRight))].sort(), [...RIGHTS].sort())
  const wrong = links.flatMap((item) => {
    const path = inApp(item.link ?? '')
    if (path === undefined) return [`${item.key}: ${item.link} is not inside ${APP_BASE}`]
    const route = appRouteFor(path)
    if (route.path !== path) return [`${item.key}: ${item.link} has no route and falls back to ${route.path}`]
    const right = item.right ?? (isRight(item.key) ? item.key : undefined)
    return route.right === right ? [] : [`${item.key}: ${item.link} asks for ${route.right ?? 'no right'}, not ${right ?? 'none'}`]
  })
  assert.equal(wrong, [])
})

test('every menu link is home, a right, open to any right (the audit trail, the API reference) or to all (the demo pages), so the menu shows it to someone', () => {
  assert.equal(
    links.filter((item) => item.key !== 'home' && !item.open && !item.anyRight && !isRight(item.key) && !(item.right && isRight(item.right))).map((item) => item.key),
    [],
  )
  assert.equal(
    links.filter((item) => item.open).map((item) => item.link),
    DEMO_PAGES.map((demo) => `/app${demoPath(demo)}`),
  )
  assert.equal(
    links.filter((item) => item.anyRight).map((item) => item.link),
    ['/app/audit', '/app/api'],
  )
})

test('every demo page has a route open to every signed-in user', () => {
  for (const demo of DEMO_PAGES) {
    const route = APP_ROUTES.find((candidate) => candidate.path === demoPath(demo))
    assert.equal(route, { path: demoPath(demo), screen: demo.screen }, demo.page)
  }
  assert.ok(APP_ROUTES.some((route) => route.path === '/crm-dashboard'), 'the demo dashboards sit at the top of /app')
})

/** The path one level up: `/alerts` of `/alerts/rules`, `/devices` of `/devices/details`. */
const parentOf = (path: string) => path.replace(/\/[^/]+$/, '')

test('every route that asks for a right is in the menu, or is a page under one that is and asks for its right', () => {
  const missing = APP_ROUTES.filter((route) => route.right)
    .filter((route) => !linkedPaths.has(route.path) && !(linkedPaths.has(parentOf(route.path)) && appRouteFor(parentOf(route.path)).right === route.right))
    .map((route) => route.path)
  assert.equal(missing, [])
  assert.equal(appRouteFor('/alerts/rules'), { path: '/alerts/rules', screen: 'alert-rules', right: 'alerts' })
})

test('the alerts entry sits in the inventory and shows to holders of alerts or devices alone', () => {
  const inventory = MENU.find((item) => item.key === 'inventory')
  assert.equal(inventory?.child?.find((item) => item.key === 'alerts')?.link, '/app/alerts')
  const sees = (rights: string[]) => menuLinks(visibleMenu(MENU, rights)).some((item) => item.key === 'alerts')
  assert.equal([sees(['alerts']), sees(['devices']), sees(['tunnels', 'users', 'network']), sees([])], [true, true, false, false])
  // Holding alerts opens no devices entry.
  assert.not.ok(menuLinks(visibleMenu(MENU, ['alerts'])).some((item) => item.key === 'devices'))
})

test('a detail page asks for the right of its list', () => {
  const details = APP_ROUTES.filter((route) => route.path.endsWith('/details'))
  assert.ok(details.length >= 3, 'the users, roles and devices details')
  const wrong = details
    .filter((route) => route.right !== appRouteFor(route.path.replace(/\/details$/, '')).right)
    .map((route) => route.path)
  assert.equal(wrong, [])
})

test.run()
