import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { seriousViolations } from './axe'
import { BUILDS, closeBrowser, newContext, settle, signInAdmin } from './browser'

test.after(closeBrowser)

/** The agent as a child process: its output, and its exit code once it ends. */
function runAgent(command: string, cwd: string) {
  const child = spawn('sh', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    log: () => log,
    exited,
    /** Ends it, when it still runs, and waits for it. */
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

/** Resolves with `promise`'s value, or fails after `ms` saying what was awaited. */
const within = <T>(promise: Promise<T>, ms: number, what: () => string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what()} within ${ms} ms`)), ms))])

for (const { flavour, BASE } of BUILDS) {
  test(`a device joins with an enrollment key's command, turns online live, and stops once its credential is revoked (${flavour})`, async () => {
    const context = await newContext()
    const n = `${flavour}-${Date.now().toString(36)}`
    const name = `E2E agent ${n}`
    const dir = mkdtempSync(join(tmpdir(), `agent-e2e-${flavour}-`))

    // The fleet's list, open before the device exists, searched for it.
    const list = await context.newPage()
    await signInAdmin(list, BASE)
    await list.goto(`${BASE}/app/devices?q=${encodeURIComponent(name)}`)
    await list.getByText('Nothing matches').waitFor()
    await list.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

    // "Add many devices": a key for up to 3 devices, its secret and commands shown once.
    const page = await context.newPage()
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('link', { name: 'Add many devices' }).click()
    await page.waitForURL(`${BASE}/app/devices/enrollment-keys`)
    await page.getByRole('button', { name: 'New enrollment key' }).first().click()
    const form = page.getByRole('dialog', { name: 'New enrollment key' })
    await form.getByLabel('Name').fill(`E2E key ${n}`)
    await form.getByRole('radio', { name: 'Up to a number of devices' }).check()
    await form.getByLabel('How many devices').fill('3')
    await form.getByLabel('Tags, separated by commas').fill('e2e, agent')
    await form.getByRole('button', { name: 'Create key' }).click()
    const shown = page.getByRole('dialog', { name: `Your new enrollment key “E2E key ${n}”` })
    const secret = await shown.getByLabel('Secret').inputValue()
    assert.match(secret, /^enk_\w{8}_[\w-]{43}$/)
    const command = await shown.getByLabel('Linux with Node.js 18 or later', { exact: true }).inputValue()
    assert.is(command, `curl -fsSL ${BASE}/agent.mjs -o agent.mjs && node agent.mjs enroll --url ${BASE} --key ${secret}`)
    assert.is(await shown.getByLabel('Any Linux with sh and curl', { exact: true }).inputValue(), `curl -fsSL ${BASE}/agent.sh | sh -s -- --url ${BASE} --key ${secret}`)
    await shown.getByText('No device has joined with this key yet. They appear here as they do.').waitFor()

    await settle(page)
    assert.equal(await seriousViolations(page), [], 'the new key with its commands')

    // The command as shown, run on this machine: its serial, name and state file said, a beat a second.
    const state = join(dir, 'credential.json')
    const agent = runAgent(`${command} --serial E2E-AGENT-${n} --name '${name}' --state ${state} --every 1`, dir)
    try {
      const joined = shown.getByRole('listitem').filter({ hasText: name })
      await joined.waitFor({ timeout: 30_000 }).catch((error: Error) => {
        throw new Error(`${error.message}\nthe agent said:\n${agent.log()}`)
      })
      await joined.getByText('Online', { exact: true }).waitFor({ timeout: 15_000 })
      assert.is(statSync(state).mode & 0o777, 0o600)

      // The list shows it and turns it online, without a reload.
      const row = list.getByRole('row').filter({ hasText: name })
      await row.getByText('Online', { exact: true }).waitFor({ timeout: 15_000 })
      assert.ok(await list.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')

      // Its page: online, the address and OS it reported, and its credential.
      await row.getByRole('link', { name }).click()
      await list.waitForURL(/\/app\/devices\/details\?id=/)
      await list.getByRole('heading', { name, exact: true }).waitFor()
      const os = list.locator('dl').first().locator('div').filter({ has: list.getByText('Operating system', { exact: true }) }).locator('dd')
      await os.filter({ hasNotText: '—' }).waitFor()
      assert.ok(await list.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')
      const credential = list.getByRole('region', { name: 'Credential' })
      await credential.getByText('Active', { exact: true }).waitFor()
      await credential.getByText(/^edc_\w{8}…$/).waitFor()

      // Revoked: the agent is refused at its next beat and stops with 3.
      await credential.getByRole('button', { name: 'Revoke credential' }).click()
      const confirm = list.getByRole('dialog', { name: `Revoke the credential of ${name}?` })
      await confirm.getByRole('button', { name: 'Revoke credential' }).click()
      await credential.getByText('Revoked', { exact: true }).first().waitFor()
      const code = await within(agent.exited, 15_000, () => `the agent did not stop; it said:\n${agent.log()}`)
      assert.is(code, 3, agent.log())
    } finally {
      await agent.stop()
      rmSync(dir, { recursive: true, force: true })
    }
    await context.close()
  })

  test(`Add device ends with the commands that connect it, and turns to Connected when the agent beats (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page, BASE)
    const n = `${flavour}-${Date.now().toString(36)}`
    const name = `E2E added ${n}`
    const dir = mkdtempSync(join(tmpdir(), `agent-e2e-${flavour}-`))
    await page.goto(`${BASE}/app/devices`)
    await page.getByRole('table').waitFor()
    await page.getByRole('button', { name: 'Add device' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add a device' })
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Serial number').fill(`E2E-ADD-${n}`)
    await form.getByLabel('Model').fill('Raspberry Pi 4')
    await form.getByRole('button', { name: 'Add device' }).click()

    const connect = page.getByRole('dialog', { name: `Connect ${name}` })
    const command = await connect.getByLabel('Any Linux with sh and curl', { exact: true }).inputValue()
    assert.ok(command.endsWith(` --serial E2E-ADD-${n} --name '${name}'`), command)
    const waiting = connect.getByText('Waiting for the first heartbeat…')
    await waiting.waitFor()
    await settle(page)
    assert.equal(await seriousViolations(page), [], 'the connect step')

    // The Node command of the same step, once: it enrolls with the record's serial (re-attached, not a
    // second device) and sends one heartbeat.
    const node = await connect.getByLabel('Linux with Node.js 18 or later', { exact: true }).inputValue()
    const agent = runAgent(`${node} --state ${join(dir, 'credential.json')} --once`, dir)
    try {
      await connect.getByText('Connected: the device sent its first heartbeat.').waitFor({ timeout: 30_000 }).catch((error: Error) => {
        throw new Error(`${error.message}\nthe agent said:\n${agent.log()}`)
      })
      await waiting.waitFor({ state: 'detached' })
      const os = connect.locator('dl > div').filter({ has: page.getByText('Operating system', { exact: true }) }).locator('dd')
      await os.filter({ hasNotText: '—' }).waitFor()
      assert.is(await within(agent.exited, 15_000, () => `the agent did not end after one beat; it said:\n${agent.log()}`), 0, agent.log())
    } finally {
      await agent.stop()
      rmSync(dir, { recursive: true, force: true })
    }
    await connect.getByRole('button', { name: 'Done' }).last().click()
    await connect.waitFor({ state: 'detached' })
    await page.getByRole('searchbox').fill(name)
    const rows = page.getByRole('row').filter({ hasText: name })
    await rows.getByText('Online', { exact: true }).waitFor()
    assert.is(await rows.count(), 1, 'the same serial re-attached to the record')
    await context.close()
  })
}

test.run()
