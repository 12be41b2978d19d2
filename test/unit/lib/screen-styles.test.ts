import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadScreenStyles } from '../../../src/lib/screen-styles'

const asked: string[] = []
const realFetch = globalThis.fetch

test.before(() => {
  const names = document.createElement('script')
  names.type = 'application/json'
  names.id = 'screen-styles'
  names.textContent = JSON.stringify({ shell: 'shell-AAAA1111', '*': 'screen-styles-LIST2222' })
  document.head.appendChild(names)
  globalThis.fetch = (async (input: string | URL | Request) => {
    asked.push(String(input))
    return new Response(JSON.stringify({ shell: 'shell-AAAA1111', devices: 'devices-BBBB3333' }), { headers: { 'Content-Type': 'application/json' } })
  }) as typeof fetch
})

test.after(() => {
  globalThis.fetch = realFetch
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const sheets = () => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))

test('a sheet the page names loads without asking for the list', async () => {
  void loadScreenStyles('shell')
  await settle()
  assert.equal(sheets(), ['/assets/shell-AAAA1111.css'])
  assert.equal(asked, [])
})

test('a screen the page does not name finds its sheet in the build list, asked for once', async () => {
  void loadScreenStyles('devices')
  void loadScreenStyles('no-such-screen')
  await settle()
  assert.equal(sheets(), ['/assets/shell-AAAA1111.css', '/assets/devices-BBBB3333.css'])
  assert.equal(asked, ['/assets/screen-styles-LIST2222.json'])
  void loadScreenStyles('devices')
  await settle()
  assert.is(sheets().length, 2, 'a sheet is added once')
  assert.is(asked.length, 1)
})

test.run()
