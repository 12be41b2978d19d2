import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { optionsFromEnv } from '../../src/server/config'
import { signIn, startTestServer } from './_server'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'console-data-'))

test('makes a random admin password on the first start, prints it once and keeps data across restarts', async () => {
  const dataDir = tempDir()
  try {
    const first = await startTestServer({ dataDir, adminPassword: undefined, adminEmail: 'Root@Example.com' })
    const line = first.logs.find((entry) => entry.startsWith('Admin account: root@example.com / '))
    const password = line?.split(' / ')[1]?.split(' ')[0] ?? ''
    assert.ok(password.length >= 16, `printed password: ${line}`)
    await signIn(first, 'root@example.com', password)
    const kept = { name: 'Kept', email: 'kept@example.com', password: 'kept-password' }
    assert.is((await first.post('/register/', kept)).status, 201)
    await first.close()

    const second = await startTestServer({ dataDir, adminPassword: undefined })
    assert.not.ok(second.logs.some((entry) => entry.startsWith('Admin account')), 'seeds only once')
    await signIn(second, 'root@example.com', password)
    await signIn(second, 'kept@example.com', 'kept-password')
    await second.close()
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

test('does not print a password that came from ADMIN_PASSWORD', async () => {
  const server = await startTestServer()
  try {
    const lines = server.logs.filter((entry) => entry.startsWith('Admin account'))
    assert.equal(lines, ['Admin account: admin@example.com (password from ADMIN_PASSWORD)'])
    assert.ok(!server.logs.join('\n').includes('admin-secret-1'))
  } finally {
    await server.close()
  }
})

test('reads its options from the environment', () => {
  const defaults = optionsFromEnv({})
  assert.is(defaults.port, 8080)
  assert.is(defaults.dataDir, 'data')
  assert.is(defaults.staticDir, 'dist/react')
  assert.is(defaults.adminPassword, undefined)
  const set = optionsFromEnv({ PORT: '0', CONSOLE_FLAVOUR: 'preact', DATA_DIR: '/srv/data', API_HOST: 'https://api.example.com' })
  assert.is(set.port, 0)
  assert.is(set.staticDir, 'dist/preact')
  assert.is(set.dataDir, '/srv/data')
  assert.is(set.apiHost, 'https://api.example.com')
  assert.throws(() => optionsFromEnv({ PORT: 'eighty' }), /PORT/)
})

test.run()
