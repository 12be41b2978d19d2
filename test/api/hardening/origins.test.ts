import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ADMIN, POSTGRES_URL, readResetMail, startTestServer } from '../_server'

/** A forgot-password request with a Host header of our choosing (fetch keeps its own). */
const forgotWithHost = (port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ email: ADMIN.email })
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/password/forgot', headers: { Host: host, 'Content-Type': 'application/json' } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })

test('without PUBLIC_URL a forged Host header never makes the reset link', async () => {
  const server = await startTestServer({ publicUrl: undefined })
  try {
    assert.is(await forgotWithHost(server.port, 'evil.example'), 200)
    const mail = await readResetMail(server.dataDir, ADMIN.email)
    assert.ok(mail.link.startsWith(`http://localhost:${server.port}/reset-password?token=`), mail.link)
  } finally {
    await server.close()
  }
})

test('without PUBLIC_URL a localhost request gets links to its own origin', async () => {
  const server = await startTestServer({ publicUrl: undefined })
  try {
    await fetch(`http://localhost:${server.port}/api/password/forgot`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    })
    const mail = await readResetMail(server.dataDir, ADMIN.email)
    assert.ok(mail.link.startsWith(`http://localhost:${server.port}/reset-password`), mail.link)
  } finally {
    await server.close()
  }
})

test('PUBLIC_URL makes every link, whatever the Host header', async () => {
  const server = await startTestServer({ publicUrl: 'https://console.example.com' })
  try {
    await forgotWithHost(server.port, 'evil.example')
    const mail = await readResetMail(server.dataDir, ADMIN.email)
    assert.ok(mail.link.startsWith('https://console.example.com/reset-password?token='), mail.link)
  } finally {
    await server.close()
  }
})

test('the data folder is 0700 and its files 0600, also when they were made looser before', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-modes-'))
  const dataDir = path.join(root, 'data')
  fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 })
  fs.writeFileSync(path.join(dataDir, 'console.db'), '', { mode: 0o644 })
  fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'To: someone', { mode: 0o644 })
  fs.chmodSync(dataDir, 0o755)
  const server = await startTestServer({ dataDir })
  try {
    await fetch(`${server.url}/api/password/forgot`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    })
    await readResetMail(dataDir, ADMIN.email)
    const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8)
    assert.is(mode(dataDir), '700')
    assert.is(mode(path.join(dataDir, 'outbox')), '700')
    // On PostgreSQL the folder keeps the outbox alone; the database is the server's business.
    const files = POSTGRES_URL ? [] : fs.readdirSync(dataDir).filter((name) => name !== 'outbox')
    if (!POSTGRES_URL) assert.ok(files.includes('console.db-wal'), files.join())
    for (const name of files) assert.is(mode(path.join(dataDir, name)), '600', name)
    const mails = fs.readdirSync(path.join(dataDir, 'outbox'))
    assert.is(mails.length, 2)
    for (const name of mails) assert.is(mode(path.join(dataDir, 'outbox', name)), '600', name)
  } finally {
    await server.close()
    fs.rmSync(root, { recursive: true, force: true })
  }
})

test.run()
