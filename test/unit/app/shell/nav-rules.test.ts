import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MENU } from '../../../../src/app/menu'
import { titleOf } from '../../../../src/app/route-table'
import { columnsOf, crumbsOf, linkOf, showsBreadcrumb } from '../../../../src/app/shell/nav-rules'
import { t } from '../../../../src/lib/i18n'
import '../../../../src/ui/console-texts'

test('a crumb for each segment, linking to its prefix', () => {
  assert.equal(crumbsOf('/app/users/details'), [
    { label: 'App', href: '/app' },
    { label: 'Users', href: '/app/users' },
    { label: 'Details', href: '/app/users/details' },
  ])
})

test('crumbs read like titles and ignore the query and a trailing slash', () => {
  assert.equal(
    crumbsOf('/app/pages/user-profile/?tab=2', t).map((crumb) => crumb.label),
    ['Home', 'Pages', 'User Profile'],
  )
  assert.equal(crumbsOf('/app/devices', t).at(-1), { label: 'Edge And Connected Devices', href: '/app/devices' })
})

test('home is one crumb: /app and /app/home name the same page', () => {
  assert.equal(crumbsOf('/app/home', t), [{ label: 'Home', href: '/app/home' }])
  assert.equal(crumbsOf('/app/users', t).map((crumb) => crumb.label), ['Home', 'Users'])
})

test('the breadcrumb hides on /app and the two dashboards only', () => {
  assert.equal(
    ['/app', '/app/', '/app/crm-dashboard', '/app/crypto-dashboard', '/app/home', '/app/users/details'].map(showsBreadcrumb),
    [false, false, false, false, true, true],
  )
})

test('a title is the last segment with dashes as spaces; devices has its own', () => {
  assert.is(titleOf('/app/devices', t), 'Edge And Connected Devices')
  assert.is(titleOf('/app/pages/photo-gallery', t), 'Photo Gallery')
  assert.is(titleOf('/app/crm-dashboard', t), 'Crm Dashboard')
  assert.is(titleOf('/app/users/details', t), 'Details')
})

test('a detail view belongs to the entry above it', () => {
  assert.is(linkOf(MENU, '/app/users/details'), '/app/users')
  assert.is(linkOf(MENU, '/app/tunnels'), '/app/tunnels')
  assert.is(linkOf(MENU, '/app/pages/chat'), '/app/pages/chat')
  assert.is(linkOf(MENU, '/app/nowhere'), undefined)
})

test('the mega menu puts direct entries under the heading, a nested group in its own column', () => {
  const shape = (key: string) =>
    columnsOf(MENU.find((item) => item.key === key)!).map(({ heading, entries }) => [heading, entries.map((entry) => entry.key)])
  assert.equal(shape('account'), [['menu.accountTitle', ['organizations', 'billing', 'access_keys', 'audit', 'api']]])
  assert.equal(shape('inventory'), [
    ['menu.inventory', ['devices', 'enrollment_keys', 'alerts', 'webhooks']],
    ['menu.connectivity', ['tunnels', 'app_ids']],
  ])
})

test.run()
