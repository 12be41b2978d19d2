import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { announceServer, runningServers } from '../../../src/server/running-servers'
import { dataDirOf, serverUrl } from '../../../src/tools/which-server'
import { parseOptions } from '../../../src/tools/simulate/options'

const a = { pid: 101, port: 9090, dataDir: '/srv/a' }
const b = { pid: 102, port: 9191, dataDir: '/srv/b' }
const onPostgres = { pid: 103, port: 9292 }

test('a running server is found by its note until it stops; a dead process is not', () => {
  const forget = announceServer({ port: 45678, dataDir: '/srv/here' })
  assert.ok(runningServers().some((server) => server.pid === process.pid && server.port === 45678 && server.dataDir === '/srv/here'))
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!
  const stale = path.join(os.tmpdir(), `edgeline-console-${os.userInfo().uid}`, `${gone}.json`)
  fs.writeFileSync(stale, JSON.stringify({ pid: gone, port: 45679 }))
  assert.not.ok(runningServers().some((server) => server.port === 45679), 'a note left by a process that is gone')
  fs.rmSync(stale)
  forget()
  assert.not.ok(runningServers().some((server) => server.pid === process.pid))
})

test('the simulator calls PORT as the server reads it, else the one running server, else 8080', () => {
  assert.is(serverUrl({ PORT: '7070' }, [a, b]).url, 'http://localhost:7070')
  assert.is(serverUrl({}, [a]).url, 'http://localhost:9090')
  assert.is(serverUrl({}, []).url, 'http://localhost:8080')
  assert.throws(() => serverUrl({}, [a, b]), /port 9090.*port 9191.*--url or PORT/)
  const options = parseOptions(['--password', 'x'], {}, [a])
  assert.is(options !== 'help' && options.url, 'http://localhost:9090')
  const given = parseOptions(['--password', 'x', '--url', 'http://h:1/'], {}, [a])
  assert.is(given !== 'help' && given.url, 'http://h:1')
})

test('the backup copies DATA_DIR as the server reads it, else the running server\'s folder, else ./data', () => {
  assert.is(dataDirOf({ DATA_DIR: '/x' }, [a]).dir, '/x')
  assert.is(dataDirOf({}, [a]).dir, '/srv/a')
  assert.is(dataDirOf({}, [a, { ...a, pid: 104 }]).dir, '/srv/a', 'two processes of one folder')
  assert.is(dataDirOf({}, []).dir, path.resolve('data'))
  assert.throws(() => dataDirOf({}, [a, b]), /Several consoles.*DATA_DIR/)
  assert.throws(() => dataDirOf({}, [onPostgres]), /PostgreSQL: back it up with pg_dump/)
})

test.run()
