// Starts the built console (both flavours) on free ports with fresh databases and runs the
// browser tests against them. Without Chromium the tests are skipped, or fail when CI=true.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const ADMIN_EMAIL = 'admin@e2e.test'
const ADMIN_PASSWORD = 'e2e-admin-Password-1'

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** Runs `dist/server/server.mjs` for one flavour and resolves once it listens. */
async function startConsole(root, flavour) {
  const dataDir = mkdtempSync(join(tmpdir(), `console-e2e-${flavour}-`))
  const port = await freePort()
  const child = spawn(process.execPath, [join(root, 'dist/server/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: join(root, 'dist', flavour),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: '',
      API_HOST: '',
      // Each test account is registered from an address of its own (registerAndSignIn), so the
      // registration throttle (10 an hour per client) holds each client, not the whole suite.
      TRUST_PROXY: '1',
      // The webhooks test's receiver listens on loopback.
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // The alert sweep looks every second, so an alert fires within a second of its grace time.
      ALERTS_EVERY_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server (${flavour}) did not start:\n${log}`)), 20000)
    const onData = (chunk) => {
      log += chunk
      if (log.includes(`http://localhost:${port}`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => (log += chunk))
    child.on('exit', (code) => reject(new Error(`server (${flavour}) exited with ${code}:\n${log}`)))
  })
  return {
    url: `http://localhost:${port}`,
    dataDir,
    stop: () => {
      child.kill()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Moves the admin's organization to the Business plan through the API, as its operator would: the
 * browser tests add devices to it from many files, past the seeded Team plan's 50.
 */
async function roomForTests(url) {
  const call = async (method, path, body, token) => {
    const answer = await fetch(`${url}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status} before the browser tests`)
    return answer.json()
  }
  const { user } = await call('POST', '/login/users/', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  const billing = await call('GET', '/billing/', undefined, user.auth_key)
  await call('PUT', '/billing/plan', { plan: 'business', version: billing.version }, user.auth_key)
}

/**
 * Runs the browser tests in `slots` side by side: each slot has a console of each flavour to
 * itself (a database of its own), so a file that signs everyone out or restarts its console never
 * reaches a file of another slot. `runFiles(files, envOf)` runs the files, `envOf(i)` being the
 * environment of the i-th slot.
 */
export async function runBrowserTests(root, runFiles, slots = 1) {
  if (!existsSync(CHROMIUM)) {
    const reason = `browser tests skipped: no Chromium at ${CHROMIUM} (install Debian's chromium package or set CHROMIUM_PATH)`
    console.log(`  ${reason}`)
    return process.env.CI !== 'true'
  }
  for (const flavour of ['react', 'preact']) {
    if (!existsSync(join(root, 'dist', flavour, 'manifest.json')) || !existsSync(join(root, 'dist/server/server.mjs'))) {
      const build = spawnSync(process.execPath, ['build.mjs', ...(flavour === 'preact' ? ['--preact'] : [])], { cwd: root, stdio: 'inherit' })
      if (build.status !== 0) return false
    }
  }
  const dir = join(root, 'test/e2e')
  // E2E_ONLY=devices runs the files whose name holds it, while working on one screen.
  const only = process.env.E2E_ONLY
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts') && (!only || name.includes(only)))
    .map((name) => join(dir, name))
  const count = Math.max(1, Math.min(slots, files.length))
  const consoles = []
  try {
    const started = await Promise.all(
      Array.from({ length: count }, async () => {
        const react = await startConsole(root, 'react')
        consoles.push(react)
        const preact = await startConsole(root, 'preact')
        consoles.push(preact)
        await Promise.all([roomForTests(react.url), roomForTests(preact.url)])
        return {
          E2E_URL: react.url,
          E2E_DATA_DIR: react.dataDir,
          E2E_PREACT_URL: preact.url,
          E2E_PREACT_DATA_DIR: preact.dataDir,
          E2E_ADMIN_EMAIL: ADMIN_EMAIL,
          E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
          CHROMIUM_PATH: CHROMIUM,
        }
      }),
    )
    return await runFiles(files, (slot) => started[slot % started.length], count)
  } finally {
    for (const running of consoles) running.stop()
  }
}
