import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { devicesHeardSince, until as untilHolds, lastHeartbeatOf, revocationsOfKeysNamed, simulatorSerials, withDataDir } from '../fixtures'
import { integrity } from './db/durability/_child'
import { background, fetchAsCurl, fill, hasCurl, sh, shellCommands } from './_readme'
import { ADMIN } from './_server'
import { admin, call, expectStatus, startServer, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

const root = process.cwd()
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
const commands = shellCommands(readme)
const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)

/** README commands this file does not run, and why. */
const NOT_RUN: Record<string, string> = {
  'npm ci && npm start': 'installs and builds; the test server is its fresh start',
  'npm ci && npm test': 'runs the suite this test is part of',
  'npm start': 'builds the console; the test server is its fresh start',
  'createdb console': 'needs a PostgreSQL server of the reader; test/postgres-cluster.mjs makes a throwaway one for the suite',
  'DATABASE_URL=postgres://console:secret@db.internal:5432/console PORT=8080 npm run serve':
    'names a database server of the reader; test/postgres/processes.test.ts runs two processes on one PostgreSQL database',
  'DATABASE_URL=postgres://console:secret@db.internal:5432/console PORT=8081 npm run serve':
    'the second process of the same example, tried by the same test',
  'curl -fsSL http://localhost:8080/agent.mjs -o agent.mjs && node agent.mjs enroll --url http://localhost:8080 --key enk_...':
    'needs an enrollment key of the reader; test/api/agent.test.ts runs the agent.mjs the server serves with the same arguments',
  'curl -fsSL http://localhost:8080/agent.sh | sh -s -- --url http://localhost:8080 --key enk_...':
    'needs an enrollment key of the reader; test/api/agent.test.ts runs the agent.sh the server serves with the same arguments',
  'node agent.mjs connect <tunnel id> --url http://localhost:8080 --key edk_... --listen 127.0.0.1:2222':
    'needs a TCP tunnel and an access key of the reader; test/api/tunnels/tcp.test.ts runs client mode with the same arguments',
  'ssh -p 2222 pi@127.0.0.1': "needs an SSH server on the reader's device; test/api/tunnels/tcp.test.ts carries 1 MB both ways the same way, to an echo server",
}
const isCurl = (command: string) => command.startsWith('curl ')
const RUN = [isCurl, (command: string) => command.startsWith('npm run simulate -- '), (command: string) => command.startsWith('npm run backup -- ')]

let server: TestServer
let me: Tenant
let tmp: string

/** A README command, pointed at the test server instead of localhost:8080. */
const local = (command: string, values: Record<string, string> = {}) => fill(command, values).replaceAll('http://localhost:8080', server.url)
const only = (pattern: RegExp) => {
  const found = commands.filter((command) => pattern.test(command))
  assert.is(found.length, 1, `one README command matches ${pattern}: ${JSON.stringify(found)}`)
  return found[0]!
}
/** The answers of a curl command, run with curl where the machine has it and with fetch in any case. */
const curl = async (command: string) => {
  const answers = [await fetchAsCurl(command)]
  if (hasCurl()) {
    const ran = await sh(command, root)
    assert.is(ran.code, 0, ran.err)
    answers.push(ran.out)
  }
  return answers.map((text) => JSON.parse(text) as Rec)
}
const until = async (what: string, done: () => boolean | Promise<boolean>, ms = 30_000) => {
  await untilHolds(done, { timeoutMs: ms, everyMs: 200, what })
}
const simSerials = () => simulatorSerials(server)
const reportingSince = (at: string) => devicesHeardSince(server, at)

test.before(async () => {
  server = await startServer()
  me = await admin(server)
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-'))
})
test.after(async () => {
  await server.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

test('every command the README shows is run here or said why not', () => {
  assert.ok(commands.length >= 6, JSON.stringify(commands))
  const unknown = commands.filter((command) => !(command in NOT_RUN) && !RUN.some((runs) => runs(command)))
  assert.equal(unknown, [], 'a README command this file neither runs nor names')
  // Each `npm run` the text names is a script, each `node` file is there.
  const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map(([, script]) => script!)
  assert.ok(named.length >= 5)
  assert.equal(named.filter((script) => !scripts.includes(script)), [])
  const files = [...readme.matchAll(/`node ([\w./-]+\.m?js)/g)].map(([, file]) => file!)
  assert.ok(files.length >= 1)
  assert.equal(files.filter((file) => !fs.existsSync(path.join(root, file))), [])
})

test('the key and heartbeat examples make a heartbeat key and set a device online with what it sent', async () => {
  const [device] = expectStatus<Rec[]>(await me.list('devices', { per_page: 5 }), 200)
  const keys = await curl(local(only(/^curl .*\/api\/access_keys\//), { token: me.token }))
  assert.equal(keys.map((key) => key.scopes), keys.map(() => ['heartbeat']), JSON.stringify(keys))
  const answers = await curl(local(only(/^curl .*\/heartbeat/), { id: device!.id, "the key's secret": keys[0]!.secret }))
  assert.equal(answers.map((answer) => answer.status), answers.map(() => 'online'), JSON.stringify(answers))
  const record = expectStatus<Rec>(await me.get('devices', device!.id), 200)
  assert.equal([record.status, record.ip, record.firmware], ['online', '10.0.0.7', '2.5.0'])
  const last = await lastHeartbeatOf(server, device!.id)
  assert.equal([last?.bytes_in, last?.bytes_out], [5200, 900])
})

test('the app id example trades its credentials for a token that reads devices', async () => {
  const app = expectStatus<Rec>(await call(server, 'POST', '/app_ids/', me.token, { name: 'README app', redirect_uris: [], scopes: ['devices'] }), 201)
  const answers = await curl(local(only(/^curl .*\/oauth\/token/), { client_id: app.client_id, client_secret: app.client_secret }))
  assert.is(answers.length, hasCurl() ? 2 : 1)
  for (const answer of answers) {
    assert.equal([answer.token_type, answer.scope], ['Bearer', 'devices'])
    assert.is((await call(server, 'GET', '/devices/?per_page=5', answer.access_token)).status, 200)
  }
})

test('the live fleet command enrolls and drives fifty devices until Ctrl-C, then revokes its enrollment key', async () => {
  const started = new Date().toISOString()
  const run = background(`${local(only(/^npm run simulate /), { 'printed password': ADMIN.password })} --url ${server.url}`, root)
  try {
    await until('fifty devices reporting', async () => (await simSerials()).length === 10 && (await reportingSince(started)) >= 45)
  } finally {
    assert.ok(await run.interrupt(), run.output())
  }
  const out = run.output()
  assert.match(out, 'registering 10 device(s), 0 already there')
  assert.match(out, '50 agents reporting every 5 s')
  assert.not.match(out, 'could not add')
  assert.match(out, /stopped: sent [1-9]/)
  assert.match(out, 'revoked the enrollment key this run made')
  const keys = expectStatus<Rec[]>(await call(server, 'GET', '/enrollment_keys/?q=Device%20simulator', me.token), 200)
  assert.equal(keys.map((key) => [key.name, key.uses, key.revoked_at !== null]), [['Device simulator', 10, true]])
  assert.equal(await revocationsOfKeysNamed(server, 'Device simulator'), [], 'no heartbeat access key made')
})

test('past the plan’s limit the simulator says how many it could not add and why, and drives the rest', async () => {
  const started = new Date().toISOString()
  const run = background(`npm run simulate -- --devices 50 --password '${ADMIN.password}' --url ${server.url}`, root)
  try {
    await until('the ten devices reporting', async () => run.output().includes('agents reporting') && (await reportingSince(started)) >= 9)
  } finally {
    assert.ok(await run.interrupt(), run.output())
  }
  const out = run.output()
  assert.match(out, 'registering 40 device(s), 10 already there')
  assert.match(out, 'could not add 40 of 50 device(s): Your plan allows 50 devices; remove one or change the plan')
  assert.match(out, '10 agents reporting')
  assert.not.match(out, 'The simulator stopped')
  assert.is((await simSerials()).length, 10)
})

test('the backup command copies the live database whole', async () => {
  const ran = await sh(local(only(/^npm run backup /)).replace('~/', `${tmp}/`), root, { DATA_DIR: server.dataDir })
  assert.is(ran.code, 0, ran.out + ran.err)
  // Restored as an operator would: the copy becomes the database of a data folder of its own.
  const restored = path.join(tmp, 'restored')
  fs.mkdirSync(restored)
  fs.copyFileSync(path.join(tmp, 'console-backup.db'), path.join(restored, 'console.db'))
  assert.is(integrity(path.join(restored, 'console.db')), 'ok')
  assert.is((await withDataDir(restored, simulatorSerials)).length, 10)
})

test.run()
