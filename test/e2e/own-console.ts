import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ADMIN } from './browser'

// The runner starts the tests from the project's folder.
const root = process.cwd()

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/**
 * The built console of `flavour` (from `staticDir`, its build by default) on a port and a data
 * folder of its own, kept across a restart:
 * `stop` sends SIGTERM and waits for the process to end, `start` runs the next one.
 */
export async function ownConsole(flavour: string, staticDir = join(root, 'dist', flavour)) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), `console-restart-${flavour}-`))
  const url = `http://localhost:${port}`
  let child: ChildProcess | undefined
  const start = async () => {
    const running = spawn(process.execPath, [join(root, 'dist/server/server.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        STATIC_DIR: staticDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PUBLIC_URL: url,
        SMTP_URL: '',
        API_HOST: '',
        // No device falls silent on its own: the only events are the test's.
        OFFLINE_AFTER_S: String(365 * 24 * 3600),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = running
    let log = ''
    running.stderr.on('data', (chunk) => (log += chunk))
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 20_000)
      running.stdout.on('data', (chunk) => {
        log += chunk
        if (log.includes(url)) {
          clearTimeout(timer)
          resolve()
        }
      })
      running.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${log}`)))
    })
  }
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    await Promise.all([once(child, 'exit'), child.kill('SIGTERM')])
  }
  await start()
  return {
    url,
    dataDir,
    start,
    stop,
    remove: async () => {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
