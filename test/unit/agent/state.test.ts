import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { defaultStateFile, readState, writeState, type AgentState } from '../../../src/agent/state'
import { backoffSeconds } from '../../../src/agent/pace'
import { retryAfterSeconds } from '../../../src/agent/client'
import { parseOptions } from '../../../src/agent/options'

const STATE: AgentState = {
  url: 'https://console.example.com',
  device_id: 'dev-1',
  credential: { id: 'c-1', device_id: 'dev-1', prefix: 'edc_ab12cd34', created_at: '2026-11-01T00:00:00.000Z', expires_at: '2026-12-01T00:00:00.000Z', last_used_at: null, revoked_at: null, secret: 'edc_ab12cd34_secret' },
}

test('the state file is written whole, readable by its user only, in a folder of its own', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-state-'))
  const file = path.join(home, 'edgeline-agent', 'credential.json')
  try {
    writeState(file, STATE)
    assert.is(fs.statSync(file).mode & 0o777, 0o600)
    assert.is(fs.statSync(path.dirname(file)).mode & 0o777, 0o700)
    assert.equal(readState(file), STATE)
    writeState(file, { ...STATE, credential: { ...STATE.credential, secret: 'edc_new' } })
    assert.is(readState(file)!.credential.secret, 'edc_new')
    assert.equal(fs.readdirSync(path.dirname(file)), ['credential.json'], 'no temporary file left')
    fs.chmodSync(file, 0o644)
    readState(file)
    assert.is(fs.statSync(file).mode & 0o777, 0o600, 'a copy readable by others is closed again')
  } finally {
    fs.rmSync(home, { recursive: true, force: true })
  }
})

test('a missing state file is none; a broken one says what to do', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-state-'))
  try {
    assert.is(readState(path.join(home, 'none.json')), undefined)
    fs.writeFileSync(path.join(home, 'broken.json'), '{"url":"https://x"}')
    assert.throws(() => readState(path.join(home, 'broken.json')), /remove it and enroll again/)
  } finally {
    fs.rmSync(home, { recursive: true, force: true })
  }
  assert.is(defaultStateFile({ XDG_CONFIG_HOME: '/cfg' }), '/cfg/edgeline-agent/credential.json')
  assert.is(defaultStateFile({}), path.join(os.homedir(), '.config/edgeline-agent/credential.json'))
})

test('failures back off from 1 s doubling to 5 min, each wait jittered to half of it at least', () => {
  assert.equal([0, 1, 2, 8, 9, 20].map((failures) => backoffSeconds(failures, () => 1)), [1, 2, 4, 256, 300, 300])
  assert.is(backoffSeconds(3, () => 0), 4)
  assert.is(retryAfterSeconds('120'), 120)
  assert.is(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString(), Date.now())! > 28, true)
  assert.is(retryAfterSeconds(null), undefined)
})

test('enroll takes the console\'s address and an enrollment key; run needs neither', () => {
  const options = parseOptions(['enroll', '--url', 'https://console.example.com/', '--key', 'enk_ab_cd', '--once'], {})
  assert.equal(options, { command: 'enroll', url: 'https://console.example.com', key: 'enk_ab_cd', name: undefined, serial: undefined, state: defaultStateFile({}), every: 30, once: true, link: true })
  assert.throws(() => parseOptions(['enroll', '--url', 'https://x'], {}), /needs --url and --key/)
  assert.throws(() => parseOptions(['enroll', '--url', 'https://x', '--key', 'edk_x'], {}), /enrollment key/)
  assert.throws(() => parseOptions(['run', '--every', '0'], {}), /--every/)
  assert.is((parseOptions(['run', '--state', '/s.json'], {}) as { state: string }).state, '/s.json')
})

test.run()
