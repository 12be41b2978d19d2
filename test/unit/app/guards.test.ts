import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { guardApp, guardPublic, signInFor } from '../../../src/app/guards'
import { createUser } from '../contract/factories'

const signedIn = (rights: ReturnType<typeof createUser>['rights'] = []) => ({ loggedIn: true, user: createUser({ rights }) })

test('signInFor encodes the path as next', () => {
  assert.is(signInFor('/app/home'), '/login?next=%2Fapp%2Fhome')
  assert.is(signInFor('/app/devices?page=2&q=a b'), '/login?next=%2Fapp%2Fdevices%3Fpage%3D2%26q%3Da%20b')
  assert.is(new URLSearchParams(signInFor('/app/x?y=1#z').split('?')[1]).get('next'), '/app/x?y=1#z')
})

test('guardApp shows the splash while the sign-in state is unknown', () => {
  assert.equal(guardApp({ loggedIn: null, user: null }, '/app/home'), { show: 'splash' })
  assert.equal(guardApp({ loggedIn: null, user: null }, '/app/devices', 'devices'), { show: 'splash' })
})

test('guardApp shows the splash while a signed-in user is absent', () => {
  assert.equal(guardApp({ loggedIn: true, user: null }, '/app/devices', 'devices'), { show: 'splash' })
})

test('guardApp sends a signed-out visitor to sign in with next', () => {
  assert.equal(guardApp({ loggedIn: false, user: null }, '/app/home'), { redirect: '/login?next=%2Fapp%2Fhome' })
  assert.equal(guardApp({ loggedIn: false, user: null }, '/app/devices?page=2', 'devices'), {
    redirect: '/login?next=%2Fapp%2Fdevices%3Fpage%3D2',
  })
})

test('guardApp shows a screen that needs only sign-in', () => {
  assert.equal(guardApp(signedIn(), '/app/home'), { show: 'screen' })
})

test('guardApp shows a screen whose right the user has', () => {
  assert.equal(guardApp(signedIn(['users', 'devices']), '/app/devices', 'devices'), { show: 'screen' })
})

test('guardApp sends a user without the right to /app, naming the right that was missing', () => {
  assert.equal(guardApp(signedIn(['users']), '/app/devices', 'devices'), { redirect: '/app', refused: 'devices' })
  assert.equal(guardApp(signedIn([]), '/app/billing', 'billing'), { redirect: '/app', refused: 'billing' })
})

test('guardApp shows the alerts to holders of alerts or devices, and to nobody else', () => {
  assert.equal(guardApp(signedIn(['alerts']), '/app/alerts', 'alerts'), { show: 'screen' })
  assert.equal(guardApp(signedIn(['devices']), '/app/alerts/rules', 'alerts'), { show: 'screen' })
  assert.equal(guardApp(signedIn(['tunnels', 'users']), '/app/alerts', 'alerts'), { redirect: '/app', refused: 'alerts' })
  // Reading alerts opens nothing else to a holder of alerts.
  assert.equal(guardApp(signedIn(['alerts']), '/app/devices', 'devices'), { redirect: '/app', refused: 'devices' })
})

test('guardApp on the user kept from the last visit shows what its rights open, and waits for the live user on the rest', () => {
  const kept = { ...signedIn(['users']), checking: true }
  assert.equal(guardApp(kept, '/app/users', 'users'), { show: 'screen' })
  assert.equal(guardApp(kept, '/app/home'), { show: 'screen' })
  assert.equal(guardApp(kept, '/app/devices', 'devices'), { show: 'splash' })
  assert.equal(guardApp({ ...kept, checking: false }, '/app/devices', 'devices'), { redirect: '/app', refused: 'devices' })
})

test('guardPublic shows the screen to a visitor who is not signed in', () => {
  assert.equal(guardPublic(false, 'next=/app/home'), { show: 'screen' })
  assert.equal(guardPublic(null, ''), { show: 'screen' })
})

test('guardPublic sends a signed-in visitor to next or /app', () => {
  assert.equal(guardPublic(true, ''), { redirect: '/app' })
  assert.equal(guardPublic(true, 'next=/app/home'), { redirect: '/app/home' })
  assert.equal(guardPublic(true, '?next=%2Fapp%2Fdevices%3Fx%3D1'), { redirect: '/app/devices?x=1' })
  assert.equal(guardPublic(true, 'next=//evil.example'), { redirect: '/app' })
  assert.equal(guardPublic(true, 'next=https://evil.example'), { redirect: '/app' })
})

test.run()
