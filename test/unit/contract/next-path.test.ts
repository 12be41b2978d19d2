import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { safeNext } from '../../../src/contract/next-path'

test('safeNext keeps a path on this site with its query and hash', () => {
  assert.is(safeNext('/app/devices?x=1#y'), '/app/devices?x=1#y')
  assert.is(safeNext('/app/home'), '/app/home')
  assert.is(safeNext('/register'), '/register')
})

test('safeNext refuses other sites, scripts and nothing', () => {
  for (const next of [
    '//evil.example',
    '//evil.example/app',
    'https://evil.example',
    'http://localhost:8080/app',
    '/\\evil.example',
    '\\\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    'app/home',
    '',
    null,
    undefined,
  ]) {
    assert.is(safeNext(next), '/app', String(next))
  }
})

test('safeNext resolves dot segments without leaving the site', () => {
  assert.is(safeNext('/app/../register'), '/register')
  assert.is(safeNext('/app/./devices'), '/app/devices')
})

test('safeNext refuses a path whose dot segments resolve to another site', () => {
  assert.is(safeNext('/../..//evil.example'), '/app')
  assert.is(safeNext('/app/..//evil.example/x?y=1'), '/app')
  assert.is(safeNext('/%2e%2e//evil.example'), '/app')
})

test.run()
