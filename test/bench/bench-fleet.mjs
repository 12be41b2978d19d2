// Shared by devices-list.mjs and list-load.mjs: a data folder holding a large fleet, and the
// built server (dist/server/server.mjs, or the bundle BENCH_SERVER names, to compare two builds)
// started on it. Not a bench of its own.
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

export const root = new URL('../..', import.meta.url).pathname
export const ADMIN = { email: 'bench@example.com', password: 'bench-Password-1' }

const SITES = ['Berlin HQ', 'Hamburg Depot', 'Munich Store 12', 'Madrid Warehouse', 'Jakarta Office', 'New York Store 4']
const MODELS = ['EdgeBox 300', 'EdgeBox 500', 'Raspberry Pi 4', 'Jetson Nano', 'Kiosk K2']
const KINDS = ['kiosk', 'gateway', 'camera', 'sensor', 'signage']

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/**
 * The built server on `dataDir`. Devices never go offline during a bench (OFFLINE_AFTER_S of a
 * year), so the presence sweep writes nothing while figures are taken.
 */
export async function startServer({ dataDir, flavour = 'react', env = {} }) {
  const port = await freePort()
  const child = spawn(process.execPath, [process.env.BENCH_SERVER || join(root, 'dist/server/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(root, 'dist', flavour),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OFFLINE_AFTER_S: String(365 * 24 * 3600),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) await Promise.all([once(child, 'exit'), child.kill()])
  }
  await new Promise((resolve, reject) => {
    // Read on after the start too, or a full pipe would stall the server's logging.
    child.stdout.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve())
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)))
  })
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop }
}

/** The columns of `fleetRow`, in its order. */
export const FLEET_COLUMNS = ['id', 'organization_id', 'name', 'serial', 'model', 'status', 'ip', 'firmware', 'location', 'tags', 'tags_text', 'last_seen', 'created_at', 'updated_at', 'version']

/** The `n`th bench device of `organizationId` (a mixed fleet over six sites), as values in FLEET_COLUMNS order. */
export function fleetRow(n, organizationId, now) {
  const site = SITES[n % SITES.length]
  const kind = KINDS[Math.floor(n / SITES.length) % KINDS.length]
  const roll = (n * 7919) % 100
  const status = roll < 70 ? 'online' : roll < 85 ? 'offline' : roll < 90 ? 'error' : 'provisioning'
  const seen = status === 'provisioning' ? null : new Date(now - ((n * 104729) % (7 * 24 * 3600)) * 1000).toISOString()
  const created = new Date(now - ((n * 15485863) % (365 * 24 * 3600)) * 1000).toISOString()
  const tags = [kind, n % 10 === 0 ? 'pilot' : 'fleet']
  return [
    randomUUID(),
    organizationId,
    `${site.slice(0, 3).toLowerCase()}-${kind}-${String(n).padStart(6, '0')}`,
    `BENCH-${String(n).padStart(6, '0')}`,
    MODELS[n % MODELS.length],
    status,
    status === 'provisioning' ? '' : `10.${n % 200}.${(n >> 8) % 256}.${n % 250 + 2}`,
    status === 'provisioning' ? '' : ['2.4.1', '2.4.3', '2.5.0'][n % 3],
    site,
    JSON.stringify(tags),
    tags.join(' '),
    seen,
    created,
    created,
    1,
  ]
}

/**
 * A fresh data folder: the server's first start makes the schema, the admin and the seeded fleet;
 * then `count` more devices go straight into `devices`, in the admin's organization.
 * Returns the folder, its organization and the new devices' ids; `remove()` deletes it.
 */
export async function prepareFleet(count) {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-fleet-'))
  const first = await startServer({ dataDir })
  await first.stop()
  const db = new Database(join(dataDir, 'console.db'))
  const { organization_id: organizationId } = db
    .prepare('select m.organization_id from memberships m join users u on u.id = m.user_id where u.email = ?')
    .get(ADMIN.email)
  const insert = db.prepare(
    `insert into devices (${FLEET_COLUMNS.join(', ')}) values (${FLEET_COLUMNS.map(() => '?').join(', ')})`,
  )
  const now = Date.now()
  const ids = []
  db.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const row = fleetRow(n, organizationId, now)
      insert.run(...row)
      ids.push(row[0])
    }
  })()
  db.close()
  return { dataDir, organizationId, ids, remove: () => rmSync(dataDir, { recursive: true, force: true }) }
}

/** A fresh session token for the admin, over the API. */
export async function signIn(url) {
  const response = await fetch(`${url}/api/login/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (!response.ok) throw new Error(`Signing in: ${response.status} ${await response.text()}`)
  return (await response.json()).user.auth_key
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** CPU time (user + system) a process has used so far, in ms; undefined off Linux. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return undefined
  }
}

/** What else the machine is doing: figures taken on a busy one run slow. */
export const machine = () => `${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`
