import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import { sql, type RawBuilder } from 'kysely'
import pg from 'pg'
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/server'
import { linkTo, mailFiles, waitForMailTo } from '../fixtures/outbox'
import { watchServer } from './_openapi'

export const ADMIN = { email: 'admin@example.com', password: 'admin-secret-1' }

export const ASSET = { name: 'main-ABCD1234.js', text: 'console.log("console")\n'.repeat(20) }

/** What each fake page carries inline: a script to run, a style, and a JSON data block never run. */
export const INLINE = {
  script: 'document.documentElement.dataset.ready = "1"',
  style: 'body { margin: 0 }',
  data: '{"sign-in":"sign-in-ABCD1234"}',
}

/** A fake built page: `title` page in the body, `script` as its inline script. */
export const fakePage = (title: string, script = INLINE.script) =>
  `<!doctype html><html><head><meta name="api-host" content="/api"><title>${title}</title>` +
  `<script>${script}</script><style>${INLINE.style}</style></head>` +
  `<body>${title} page<script type="application/json" id="screen-styles">${INLINE.data}</script>` +
  `<script type="module" src="/assets/${ASSET.name}"></script></body></html>`

/** A tiny fake console build: manifest, four pages and one asset with its .br and .gz. */
export function createStaticDir(root: string): string {
  const dir = path.join(root, 'static')
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'pages'), { recursive: true })
  for (const name of ['login', 'register', 'app', '404']) fs.writeFileSync(path.join(dir, 'pages', `${name}.html`), fakePage(name))
  const pages = { '/': 'login.html', '/login': 'login.html', '/register': 'register.html', '404': '404.html', app: 'app.html' }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ pages }))
  const asset = path.join(dir, 'assets', ASSET.name)
  fs.writeFileSync(asset, ASSET.text)
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(ASSET.text))
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(ASSET.text))
  fs.writeFileSync(path.join(root, 'secret.txt'), 'TOP-SECRET')
  return dir
}

export interface TestServer extends RunningServer {
  root: string
  dataDir: string
  logs: string[]
  /** Moves the server's clock forward. */
  advance(ms: number): void
  post(route: string, body: unknown, token?: string): Promise<Response>
  get(route: string, token?: string): Promise<Response>
  /** Rows read straight from the SQLite file, as an attacker with a copy of it would; for tests of the file itself. */
  query<T = Record<string, unknown>>(statement: string, ...params: unknown[]): T[]
  /** Rows of a query (Kysely's `sql` template) on the server's own database, whichever it is. */
  rows<T = Record<string, unknown>>(query: RawBuilder<unknown>): Promise<T[]>
  /** Runs a statement (Kysely's `sql` template) on the server's own database. */
  exec(statement: RawBuilder<unknown>): Promise<void>
}

/**
 * The PostgreSQL cluster the suite runs on (`node test/run.mjs postgres` starts one and sets it),
 * or undefined on SQLite, the default.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || undefined

/** On PostgreSQL a server gets a database of its own, dropped by `drop()`. */
export async function createTestDatabase(adminUrl = POSTGRES_URL!): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `console_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    // From the suite's migrated template when the runner made one: a server then starts on a
    // database already at the newest schema, instead of migrating each one from nothing.
    const template = process.env.TEST_DATABASE_TEMPLATE
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** On PostgreSQL, the database of each data folder a test gave: a server started again on it finds its data. */
const kept = new Map<string, Promise<{ url: string; drop(): Promise<void> }>>()

/**
 * A real server on a free port with its own data folder (and database on PostgreSQL, kept for a
 * `dataDir` the test names, so a restart finds its data), cheap scrypt and a recording log.
 */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  let database: { url: string; drop(): Promise<void> } | undefined
  let ownDatabase = false
  if (POSTGRES_URL && !options.databaseUrl) {
    if (options.dataDir) {
      if (!kept.has(options.dataDir)) kept.set(options.dataDir, createTestDatabase())
      database = await kept.get(options.dataDir)!
    } else {
      database = await createTestDatabase()
      ownDatabase = true
    }
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-api-'))
  const dataDir = path.join(root, 'data')
  const logs: string[] = []
  let offset = 0
  const server = await startServer({
    port: 0,
    hostname: '127.0.0.1',
    dataDir,
    staticDir: createStaticDir(root),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    scryptCost: 1024,
    now: () => new Date(Date.now() + offset),
    log: { info: (line) => logs.push(line), error: (line, error) => logs.push(`${line} ${String(error)}`) },
    databaseUrl: database?.url,
    ...options,
  }).catch(async (error: unknown) => {
    if (ownDatabase) await database?.drop()
    throw error
  })
  const url = `http://127.0.0.1:${server.port}`
  // Every exchange with this server's API is held against its description (`_openapi.ts`).
  watchServer(url)
  const headers = (token?: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {})
  return {
    ...server,
    url,
    root,
    dataDir,
    logs,
    advance: (ms) => {
      offset += ms
    },
    post: (route, body, token) =>
      fetch(`${url}/api${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers(token) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    get: (route, token) => fetch(`${url}/api${route}`, { headers: headers(token) }),
    query: <T,>(statement: string, ...params: unknown[]) => {
      if (POSTGRES_URL) throw new Error('server.query reads the SQLite file: this test runs on SQLite only')
      const db = new Database(path.join(dataDir, 'console.db'), { readonly: true })
      try {
        return db.prepare(statement).all(...params) as T[]
      } finally {
        db.close()
      }
    },
    rows: async <T,>(query: RawBuilder<unknown>) => (await query.execute(server.db)).rows as T[],
    exec: async (statement) => {
      await statement.execute(server.db)
    },
    close: async () => {
      await server.close()
      if (ownDatabase) await database?.drop()
      fs.rmSync(root, { recursive: true, force: true })
    },
  }
}

export async function signIn(server: TestServer, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const res = await server.post('/login/users/', { email, password })
  const body = (await res.json()) as { user?: { auth_key?: string } }
  if (res.status !== 200 || !body.user?.auth_key) throw new Error(`Sign-in of ${email} failed with ${res.status}`)
  return body.user.auth_key
}

/** Waits for a mail to `to` not among `known` files and returns it with the reset link in it. */
export async function readResetMail(dataDir: string, to: string, known: string[] = [], timeoutMs = 3000) {
  const mail = await waitForMailTo(dataDir, to, { known, page: '/reset-password', timeoutMs })
  const { link, token } = linkTo(mail, '/reset-password')!
  return { file: mail.path, raw: mail.raw, link, token }
}

/**
 * Which of `secrets` the database holds, as an attacker with a copy of it would find them: on
 * SQLite the bytes of its files (the file, its WAL and shared memory), `secret in file` for each;
 * on PostgreSQL every row of every table as text, `secret in table`.
 */
export async function secretsInDatabase(server: TestServer, secrets: string[]): Promise<string[]> {
  if (POSTGRES_URL) {
    const tables = await server.rows<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public'`)
    const found: string[] = []
    for (const { name } of tables) {
      const rows = await server.rows<{ text: string }>(sql`select t::text as text from ${sql.table(name)} t`)
      const text = rows.map((row) => row.text).join('\n')
      for (const secret of secrets) if (text.includes(secret)) found.push(`${secret} in ${name}`)
    }
    return found
  }
  const dataDir = server.dataDir
  const files = fs.readdirSync(dataDir).filter((name) => name.startsWith('console.db'))
  if (!files.includes('console.db')) throw new Error(`No console.db in ${dataDir}`)
  return files.flatMap((name) => {
    const bytes = fs.readFileSync(path.join(dataDir, name))
    return secrets.filter((secret) => bytes.includes(secret)).map((secret) => `${secret} in ${name}`)
  })
}

/** The names of the outbox's mail files, oldest first. */
export const outboxFiles = mailFiles
