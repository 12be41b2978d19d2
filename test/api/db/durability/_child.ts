// The server as `npm start` runs it, in a child process of its own, so a test can kill or stop it.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import * as esbuild from 'esbuild'
import { ADMIN } from '../../_server'

/** The project root: the test runner starts every test file there. */
export const ROOT = process.cwd()

let bundle: Promise<string> | undefined

/** Bundles `src/server/main.ts` as build.mjs does, once per test file, inside the project so its packages resolve. */
function buildServer(): Promise<string> {
  const outfile = path.join(ROOT, 'node_modules/.cache/durability', `server-${process.pid}.mjs`)
  bundle ??= esbuild
    .build({
      absWorkingDir: ROOT,
      entryPoints: ['src/server/main.ts'],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    })
    .then(() => {
      process.once('exit', () => fs.rmSync(outfile, { force: true }))
      return outfile
    })
  return bundle
}

export interface Child {
  process: ChildProcess
  url: string
  port: number
  /** Everything it printed so far, stdout and stderr. */
  output(): string
  /** Resolves when its output holds `text`. */
  printed(text: string | RegExp, timeoutMs?: number): Promise<void>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** Starts the server on a free port over `dataDir` (seeding it on the first start) and waits until it listens. */
export async function startChild(dataDir: string): Promise<Child> {
  const file = await buildServer()
  const child = spawn(process.execPath, [file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-console'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SCRYPT_COST: '1024',
      PUBLIC_URL: '',
    },
  })
  running.add(child)
  let output = ''
  const waiters = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    for (const check of waiters) check()
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
      for (const check of waiters) check()
    }),
  )
  const printed = (text: string | RegExp, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`No "${String(text)}" after ${timeoutMs} ms in:\n${output}`)), timeoutMs)
      const done = (error?: Error) => {
        clearTimeout(timer)
        waiters.delete(check)
        if (error) reject(error)
        else resolve()
      }
      const check = () => {
        if (typeof text === 'string' ? output.includes(text) : text.test(output)) done()
        else if (child.exitCode !== null || child.signalCode !== null) done(new Error(`The server ended before printing "${String(text)}":\n${output}`))
      }
      waiters.add(check)
      check()
    })
  await printed(/Console on http:\/\/localhost:\d+/)
  const port = Number(/Console on http:\/\/localhost:(\d+)/.exec(output)![1])
  return { process: child, url: `http://127.0.0.1:${port}`, port, output: () => output, printed, exited }
}

/** A fresh folder for one test's data; removed with `removeData`. */
export const makeDataDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'console-durability-')), 'data')
export const removeData = (dataDir: string) => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })

/** Rows read with a connection of the test's own on the server's database file. */
export function readDb<T>(dataDir: string, run: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'console.db'))
  try {
    return run(db)
  } finally {
    db.close()
  }
}

export const integrity = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return db.pragma('integrity_check', { simple: true })
  } finally {
    db.close()
  }
}

/** JSON over HTTP to `/api{route}`, with `token` as Bearer. */
export async function api(url: string, method: string, route: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(`${url}/api${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any }
}

export async function signInAdmin(url: string): Promise<string> {
  const answer = await api(url, 'POST', '/login/users/', undefined, ADMIN)
  if (answer.status !== 200) throw new Error(`Sign-in failed with ${answer.status}`)
  return answer.body.user.auth_key as string
}
