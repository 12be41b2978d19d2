// A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` into a temporary folder, a
// server on a free loopback port, removed by `stop()`. PostgreSQL refuses to run as root, so as
// root it runs as the `postgres` user (Debian's package makes it).
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The folder of Debian's PostgreSQL programs (the newest installed), or undefined. */
export function postgresBin() {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(base, versions[0], 'bin') : undefined
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/**
 * Starts a cluster; answers `{ url, adminUrl, stop }`, `url` naming its `postgres` database with
 * the superuser `postgres` (trust on loopback: the cluster lives for one run and listens on
 * 127.0.0.1 only).
 */
export async function startCluster({ maxConnections = 400, durable = false } = {}) {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql')
  const dir = mkdtempSync(join(tmpdir(), 'console-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined
  const group = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : undefined
  if (asRoot) chownSync(dir, owner, group)
  const runAs = (program, args) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args]
    const result = spawnSync(command, argv, { cwd: dir, encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`)
    return result.stdout
  }
  // C collation: text sorts by code point, as SQLite's does, so both databases list in one order.
  runAs('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'])
  const port = await freePort()
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=127.0.0.1`,
    `-c max_connections=${maxConnections}`,
    // A throwaway cluster for tests needs no crash safety (the tests of durability run on SQLite's
    // file); `durable` keeps PostgreSQL's defaults, for benchmarks.
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c shared_buffers=128MB',
  ].join(' ')
  runAs('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      runAs('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  // Stopped also when the run is interrupted, so no server outlives it.
  process.once('exit', stop)
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stop()
      process.exit(130)
    })
  }
  return { url: adminUrl, adminUrl, port, dir, stop }
}
