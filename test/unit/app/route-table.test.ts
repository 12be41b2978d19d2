import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { APP_ROUTES, appRouteFor, PAGE_ROUTES, pageRouteFor } from '../../../src/app/route-table'
import { isRight, RIGHTS } from '../../../src/contract/rights'

test('the public routes of the spec are public-only', () => {
  const publicOnly = PAGE_ROUTES.filter((route) => route.publicOnly).map((route) => route.path)
  assert.equal(publicOnly, ['/', '/login', '/register', '/reset-password', '/login-firebase', '/register-firebase'])
})

test('/ and /login show the same sign-in screen', () => {
  assert.is(pageRouteFor('/')?.screen, 'sign-in')
  assert.is(pageRouteFor('/login')?.screen, 'sign-in')
})

test('terms and the 502 page stay open to a signed-in user', () => {
  assert.equal(pageRouteFor('/terms-conditions'), { path: '/terms-conditions', screen: 'terms', page: 'terms-conditions', publicOnly: false })
  assert.equal(pageRouteFor('/502'), { path: '/502', screen: 'server-error', page: '502', publicOnly: false })
})

test('pageRouteFor knows no other path', () => {
  assert.is(pageRouteFor('/nowhere'), undefined)
  assert.is(pageRouteFor('/app'), undefined)
})

test('appRouteFor finds home', () => {
  assert.equal(appRouteFor('/home'), { path: '/home', screen: 'home' })
  assert.equal(appRouteFor('/home/'), { path: '/home', screen: 'home' })
})

test('appRouteFor falls back to home for /app and unknown paths', () => {
  for (const path of ['/', '', '/nowhere', '/home/extra']) assert.is(appRouteFor(path).screen, 'home', path)
})

test('every right an app route asks for is a known right, and every right opens a screen', () => {
  const asked = APP_ROUTES.flatMap((route) => (route.right ? [route.right as string] : []))
  assert.ok(asked.length >= RIGHTS.length, 'routes ask for rights')
  assert.equal(asked.filter((right) => !isRight(right)), [])
  assert.equal([...new Set(asked)].sort(), [...RIGHTS].sort())
})

test('the alerts and their rules are routes of their own behind the right alerts', () => {
  assert.equal(appRouteFor('/alerts'), { path: '/alerts', screen: 'alerts', right: 'alerts' })
  assert.equal(appRouteFor('/alerts/rules/'), { path: '/alerts/rules', screen: 'alert-rules', right: 'alerts' })
})

test.run()
