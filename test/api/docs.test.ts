import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readDocs, type DocRecord } from '../../src/server/docs/routes'
import { startTestServer, type TestServer } from './_server'

const createDoc = (overrides: Partial<DocRecord> = {}): DocRecord => ({
  name: 'src/features/home/home-screen.tsx',
  source: 'export default function HomeScreen() {\n  return <main />\n}\n',
  ...overrides,
})

const HOME = [createDoc(), createDoc({ name: 'src/features/home/home-screen.module.css', source: '.main {}' })]
const PROFILE = [createDoc({ name: 'src/features/profile/profile-screen.tsx', source: 'export {}' })]

let server: TestServer

test.before(async () => {
  server = await startTestServer({ docs: { home: HOME, profile: PROFILE } })
})

test.after(async () => {
  await server.close()
})

test('answers a screen key with the sources it was built from', async () => {
  const res = await server.get('/docs?src=home')
  assert.is(res.status, 200)
  assert.match(res.headers.get('content-type') ?? '', /application\/json/)
  assert.equal(await res.json(), HOME)
  assert.equal(await (await server.get('/docs/?src=profile')).json(), PROFILE)
})

test('answers an unknown screen with 404 and a message', async () => {
  for (const src of ['nope', 'toString', '__proto__', 'constructor']) {
    const res = await server.get(`/docs?src=${src}`)
    assert.is(res.status, 404, src)
    assert.equal(await res.json(), { message: 'Not found' })
  }
})

test('answers a missing or empty src with 400', async () => {
  for (const query of ['', '?src=', '?src=%20', '?other=home']) {
    const res = await server.get(`/docs${query}`)
    assert.is(res.status, 400, query)
    const body = (await res.json()) as { message?: string; errors?: Record<string, string> }
    assert.equal(body, { message: 'Some fields are not valid', errors: { src: 'Required' } })
  }
})

test('answers 404 for every screen when no docs were given', async () => {
  const bare = await startTestServer()
  try {
    const res = await bare.get('/docs?src=home')
    assert.is(res.status, 404)
    assert.equal(await res.json(), { message: 'Not found' })
  } finally {
    await bare.close()
  }
})

test('reads the docs.json the build writes, leaving out entries of another shape', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-docs-'))
  try {
    const file = path.join(dir, 'docs.json')
    fs.writeFileSync(file, JSON.stringify({ home: HOME, broken: 'text', partial: [{ name: 'x' }] }))
    assert.equal(readDocs(new URL(`file://${file}`)), { home: HOME })
    assert.is(readDocs(path.join(dir, 'missing.json')), undefined)
    fs.writeFileSync(file, '{ not json')
    assert.is(readDocs(file), undefined)
    fs.writeFileSync(file, '[]')
    assert.is(readDocs(file), undefined)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
