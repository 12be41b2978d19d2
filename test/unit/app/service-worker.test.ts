import { test } from 'uvu'
import * as assert from 'uvu/assert'

// The service worker's fetch handler, run against a cache that fails as a full or refused storage
// does: the network's answer still reaches the page.

interface FakeFetchEvent extends Event {
  request: Request
  answer?: Promise<Response>
}

const ORIGIN = location.origin
let storage: 'works' | 'refuses-writes' | 'unreadable' = 'works'
const kept = new Map<string, Response>()

const cacheApi = {
  open: async () => {
    if (storage === 'unreadable') throw new DOMException('The operation is insecure.', 'SecurityError')
    return {
      match: async (key: Request | string) => kept.get(typeof key === 'string' ? new URL(key, ORIGIN).href : key.url)?.clone(),
      put: async (key: Request, answer: Response) => {
        if (storage === 'refuses-writes') throw new DOMException('Quota exceeded', 'QuotaExceededError')
        kept.set(key.url, answer)
      },
      addAll: async () => {},
    }
  },
  keys: async () => [],
  delete: async () => true,
}

const fetched: string[] = []
const network = async (request: Request) => {
  fetched.push(request.url)
  return new Response(`code of ${new URL(request.url).pathname}`, { status: 200 })
}

/** The worker's answer to a GET of `path`, as the page would receive it. */
async function request(path: string): Promise<string> {
  const event = new Event('fetch') as FakeFetchEvent
  event.request = new Request(`${ORIGIN}${path}`)
  Object.assign(event, { respondWith: (answer: Promise<Response>) => (event.answer = answer), waitUntil: () => {} })
  self.dispatchEvent(event)
  assert.ok(event.answer, `the worker answers ${path}`)
  return (await event.answer).text()
}

const before = { fetch: globalThis.fetch, caches: (globalThis as { caches?: unknown }).caches }
test.before(async () => {
  Object.assign(globalThis, { BUILD_ID: 'test-build', BUILD_FILES: [], caches: cacheApi, fetch: network })
  await import('../../../src/sw')
})
// The files that share this process get the page's own fetch back.
test.after(() => {
  Object.assign(globalThis, before)
})

test('an asset comes from the network once, then from the cache', async () => {
  storage = 'works'
  assert.is(await request('/assets/one.js'), 'code of /assets/one.js')
  assert.is(await request('/assets/one.js'), 'code of /assets/one.js')
  assert.equal(fetched.filter((url) => url.endsWith('/assets/one.js')).length, 1)
})

test('a cache that refuses to keep an asset still lets the network answer through', async () => {
  storage = 'refuses-writes'
  assert.is(await request('/assets/two.js'), 'code of /assets/two.js')
  assert.not.ok(kept.has(`${ORIGIN}/assets/two.js`))
})

test('a cache that cannot be opened at all lets the network answer', async () => {
  storage = 'unreadable'
  assert.is(await request('/assets/three.js'), 'code of /assets/three.js')
})

test.run()
