import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BUILDS, callApi, closeBrowser, holdRequests, newContext, signInAdmin } from './browser'

test.after(closeBrowser)

for (const { flavour, BASE } of BUILDS) {
  test(`opening a list asks for the user and the list once each, while the console's code is still on its way (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    await callApi(page, BASE, 'POST', '/devices/', { name: `Start ${n}`, serial: `START-${n}`, model: 'EdgeBox 300', location: '', tags: [] })

    const fresh = await context.newPage()
    const asked: string[] = []
    fresh.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search)
    })
    // The console's entry is held back: the list must be asked for without it.
    const release = await holdRequests(fresh, '**/assets/main-*.js')
    const listAsked = fresh.waitForRequest((request) => request.url().includes('/api/devices/'), { timeout: 10_000 })
    const loaded = fresh.goto(`${BASE}/app/devices?q=${encodeURIComponent(`Start ${n}`)}&sort=serial`)
    await listAsked
    release()
    await loaded
    await fresh.getByRole('row').filter({ hasText: `Start ${n}` }).waitFor()
    const lists = asked.filter((path) => path.startsWith('/api/devices/'))
    assert.equal(lists, [`/api/devices/?order=asc&page=1&per_page=10&q=Start+${n}&sort=serial`])
    assert.is(asked.filter((path) => path === '/api/users/self').length, 1)
    await context.close()
  })
}

test.run()
