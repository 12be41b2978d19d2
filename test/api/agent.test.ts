import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Device } from '../../src/contract/devices'
import { lastHeartbeatOf, until } from '../fixtures'
import { agentBuild, killAgents, makeEnrollmentKey, startAgent, type RunningAgent } from './_agent'
import { signIn, startTestServer, type TestServer } from './_server'

let server: TestServer
let token: string
let dataDir: string
let home: string
let build: string

test.before(async () => {
  build = await agentBuild()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-data-'))
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-home-'))
  server = await startTestServer({ dataDir, agentDir: build })
  token = await signIn(server)
})

test.after(async () => {
  killAgents()
  await server?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(home, { recursive: true, force: true })
})

const deviceOfSerial = async (serial: string): Promise<Device | undefined> => {
  const res = await server.get(`/devices/?q=${serial}`, token)
  return ((await res.json()) as Device[]).find((device) => device.serial === serial)
}

const stopped = async (agent: RunningAgent, ms: number) =>
  Promise.race([agent.exited, new Promise<undefined>((resolve) => setTimeout(resolve, ms))])

test('the console serves the agent, its sh variant and its unit to anyone, outside /api', async () => {
  for (const [file, type] of [['agent.mjs', 'text/javascript'], ['agent.sh', 'text/x-shellscript'], ['agent.service', 'text/plain']] as const) {
    const res = await fetch(`${server.url}/${file}`)
    assert.is(res.status, 200, file)
    assert.match(res.headers.get('content-type') ?? '', new RegExp(`^${type}; charset=utf-8`))
    assert.is(await res.text(), fs.readFileSync(path.join(build, file), 'utf8'))
    const etag = res.headers.get('etag')!
    assert.is((await fetch(`${server.url}/${file}`, { headers: { 'If-None-Match': etag } })).status, 304)
  }
  assert.match(fs.readFileSync(path.join(build, 'agent.service'), 'utf8'), /^RestartPreventExitStatus=3$/m)
  // One file with nothing to install: it imports Node's own modules only, and carries no validation library.
  const agent = fs.readFileSync(path.join(build, 'agent.mjs'), 'utf8')
  assert.equal([...agent.matchAll(/^import .* from ["']([^"']+)["'];?$/gm)].map((match) => match[1]).filter((name) => !name!.startsWith('node:')), [])
  assert.not.match(agent, /superstruct/)
  assert.ok(agent.length < 160_000, `${agent.length} bytes (ws, which carries the tunnels, is most of it)`)
  assert.is((await fetch(`${server.url}/api/agent.mjs`)).status, 404)
})

test('the sh agent parses under dash', () => {
  for (const shell of ['sh', 'dash']) {
    const checked = spawnSync(shell, ['-n', path.join(build, 'agent.sh')], { encoding: 'utf8' })
    if (checked.error) continue
    assert.is(checked.status, 0, `${shell} -n: ${checked.stderr}`)
  }
})

test('systemd reads the unit without a complaint, where systemd-analyze is installed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-unit-'))
  try {
    const unit = path.join(dir, 'edgeline-agent.service')
    // This machine's node in place of the device's /usr/bin/node, which verify wants to find.
    fs.writeFileSync(unit, fs.readFileSync(path.join(build, 'agent.service'), 'utf8').replace('/usr/bin/node', process.execPath))
    const checked = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' })
    if (checked.error) return console.log('  (skipped: no systemd-analyze)')
    assert.equal([checked.status, checked.stderr.trim()], [0, ''])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('the agent enrolls, turns its device online with real readings, outlives a restart of the console and stops on SIGTERM', async () => {
  const key = await makeEnrollmentKey(server, token)
  const state = path.join(home, 'state', 'credential.json')
  const args = [path.join(build, 'agent.mjs'), 'enroll', '--url', server.url, '--key', key.secret, '--serial', 'AGENT-0001', '--name', 'lobby-kiosk', '--state', state, '--every', '1']
  const agent = startAgent(process.execPath, args, home)
  const online = await until(async () => {
    const device = await deviceOfSerial('AGENT-0001')
    return device?.status === 'online' && device.ip !== '' && device.firmware !== '' ? device : undefined
  }, { timeoutMs: 20_000, what: `the device online (agent said: ${agent.output()})` })
  assert.is(online.name, 'lobby-kiosk')
  assert.match(online.ip, /^\d+\.\d+\.\d+\.\d+$/)
  assert.is(online.firmware, os.release().slice(0, 40))
  assert.ok((online as Device & { os?: string }).os, 'it reports its OS')
  // From its second beat on, every reading of this Linux machine: CPU, memory, traffic and the last round trip.
  const beat = await until(async () => {
    const last = await lastHeartbeatOf(server, online.id)
    return last && ['cpu', 'memory', 'bytes_in', 'bytes_out', 'latency_ms'].every((name) => last[name as keyof typeof last] != null) ? last : undefined
  }, { timeoutMs: 10_000, what: 'a beat with every reading' })
  assert.ok(Number(beat.cpu) >= 0 && Number(beat.cpu) <= 100 && Number(beat.memory) > 0 && Number(beat.memory) <= 100)
  assert.is(fs.statSync(state).mode & 0o777, 0o600)
  assert.is(fs.statSync(path.dirname(state)).mode & 0o777, 0o700)
  assert.not.match(agent.output(), /edc_[A-Za-z0-9]+_|enk_[A-Za-z0-9]+_/, 'no secret in its log')

  // The console stops; the agent keeps trying and carries on once it is back on the same data.
  const port = server.port
  await server.close()
  await until(() => /no answer from/.test(agent.output()), { timeoutMs: 10_000, what: 'the agent to notice' })
  server = await startTestServer({ dataDir, agentDir: build, port })
  token = await signIn(server)
  const back = Date.now()
  await until(async () => {
    const device = await deviceOfSerial('AGENT-0001')
    return device?.last_seen && Date.parse(device.last_seen) >= back - 1000
  }, { timeoutMs: 20_000, what: `its beats to resume (agent said: ${agent.output()})` })
  assert.is(await stopped(agent, 0), undefined, 'still running')

  const asked = Date.now()
  agent.process.kill('SIGTERM')
  const exit = await stopped(agent, 2000)
  assert.equal(exit, { code: 0, signal: null }, `ended within 2 s (${Date.now() - asked} ms)`)
})

test('a revoked credential ends the agent with exit code 3', async () => {
  const device = (await deviceOfSerial('AGENT-0001'))!
  const state = path.join(home, 'state', 'credential.json')
  const agent = startAgent(process.execPath, [path.join(build, 'agent.mjs'), 'run', '--state', state, '--every', '1'], home)
  await until(() => /heartbeats accepted/.test(agent.output()), { timeoutMs: 15_000, what: `a beat (agent said: ${agent.output()})` })
  const res = await server.post(`/devices/${device.id}/credential/revoke`, {}, token)
  assert.is(res.status, 200)
  const exit = await stopped(agent, 10_000)
  assert.equal(exit, { code: 3, signal: null }, agent.output())
  assert.match(agent.output(), /revoked or has expired/)
})

test('a credential near its end is renewed, and the state file rewritten before the new secret is used', async () => {
  const key = await makeEnrollmentKey(server, token, { name: 'renewal' })
  const state = path.join(home, 'renewal', 'credential.json')
  const enroll = startAgent(process.execPath, [path.join(build, 'agent.mjs'), 'enroll', '--url', server.url, '--key', key.secret, '--serial', 'AGENT-0002', '--state', state, '--once'], home)
  assert.equal(await stopped(enroll, 20_000), { code: 0, signal: null }, enroll.output())
  const first = JSON.parse(fs.readFileSync(state, 'utf8')) as { credential: { secret: string; prefix: string; expires_at: string } }
  // As the agent sees it, the credential ends in a day: inside the renewal window.
  fs.writeFileSync(state, JSON.stringify({ ...first, credential: { ...first.credential, expires_at: new Date(Date.now() + 86_400_000).toISOString() } }), { mode: 0o600 })
  for (const [command, file] of [[process.execPath, 'agent.mjs'], ['sh', 'agent.sh']] as const) {
    const before = JSON.parse(fs.readFileSync(state, 'utf8')) as typeof first
    if (file === 'agent.sh') fs.writeFileSync(state, JSON.stringify({ ...before, credential: { ...before.credential, expires_at: new Date(Date.now() + 86_400_000).toISOString() } }), { mode: 0o600 })
    const run = startAgent(command, [path.join(build, file), ...(file === 'agent.mjs' ? ['run'] : []), '--state', state, '--once'], home)
    assert.equal(await stopped(run, 20_000), { code: 0, signal: null }, run.output())
    const after = JSON.parse(fs.readFileSync(state, 'utf8')) as typeof first
    assert.is.not(after.credential.secret, before.credential.secret, `${file} renewed`)
    assert.ok(Date.parse(after.credential.expires_at) > Date.now() + 20 * 86_400_000, `${file}: a new month`)
    assert.is(fs.statSync(state).mode & 0o777, 0o600)
    assert.match(run.output(), /renewed the credential/)
  }
})

test('the sh agent enrolls and sends one heartbeat with --once', async () => {
  if (spawnSync('curl', ['--version']).error) return console.log('  (skipped: no curl)')
  const key = await makeEnrollmentKey(server, token, { name: 'sh agent' })
  const state = path.join(home, 'sh', 'credential.json')
  const agent = startAgent('sh', [path.join(build, 'agent.sh'), '--url', server.url, '--key', key.secret, '--serial', 'AGENT-SH-0001', '--state', state, '--once'], home)
  const exit = await stopped(agent, 20_000)
  assert.equal(exit, { code: 0, signal: null }, agent.output())
  const device = (await deviceOfSerial('AGENT-SH-0001'))!
  assert.is(device.status, 'online')
  assert.match(device.ip, /^\d+\.\d+\.\d+\.\d+$/)
  assert.is(fs.statSync(state).mode & 0o777, 0o600)
  assert.match(fs.readFileSync(state, 'utf8'), new RegExp(`"device_id":"${device.id}"`))
})

test('the sh agent never puts the credential on a command line others can read', async () => {
  const state = path.join(home, 'sh', 'credential.json')
  const secret = (JSON.parse(fs.readFileSync(state, 'utf8')) as { credential: { secret: string } }).credential.secret
  const agent = startAgent('sh', [path.join(build, 'agent.sh'), '--state', state, '--every', '1'], home)
  const commandLines = new Set<string>()
  const deadline = Date.now() + 4000
  while (Date.now() < deadline) {
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const line = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
        if (line.startsWith('curl ')) commandLines.add(line)
      } catch {
        // Gone already.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  agent.process.kill('SIGTERM')
  assert.equal(await stopped(agent, 2000), { code: 0, signal: null }, agent.output())
  assert.ok([...commandLines].some((line) => line.includes('/heartbeat')), `its curl seen: ${[...commandLines].join('; ')}`)
  assert.equal([...commandLines].filter((line) => line.includes(secret)), [])
})

test.run()
