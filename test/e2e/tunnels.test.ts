import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { BUILDS, SCREEN_BUILDS, callApi, failedLoad, closeBrowser, newContext, settle, signInAdmin as signInAdminAt } from './browser'

test.after(closeBrowser)

/** The agent as a child process, with what it said. */
function runAgent(command: string, cwd: string) {
  const child = spawn('sh', ['-c', command], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    log: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

/** A small web page on loopback, standing for the device's own. */
async function devicePage(): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Device</title><h1>Hello from the device</h1><p>${request.method} ${request.url}</p></html>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

// The tunnel carrying a page runs on both builds; the screen's other flows on the one SCREEN_BUILDS names.
for (const { flavour, BASE } of BUILDS) {
  const screenFlows = SCREEN_BUILDS.some((build) => build.flavour === flavour)
  const signInAdmin = (page: Page) => signInAdminAt(page, BASE)

  const api = (page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, key?: string) => callApi(page, BASE, method, path, data, key)

  test(`an HTTP tunnel reaches the device's page through its agent, the inspector shows it live, and a disabled device takes it down (${flavour})`, async () => {
    // The tunnel's page, opened again once its device is disabled, answers 502.
    const context = await newContext({ expectedErrors: [failedLoad(502, '/')] })
    const page = await context.newPage()
    await signInAdmin(page)
    const n = `${flavour}-${Date.now().toString(36)}`
    const name = `E2E gateway ${n}`
    const site = await devicePage()
    const dir = mkdtempSync(join(tmpdir(), `tunnel-e2e-${flavour}-`))
    const key = await api(page, 'POST', '/enrollment_keys/', { name: `Tunnel ${n}`, max_uses: 1, expires_in_days: 1, tags: [], location: '', model: '', approve: false, ephemeral: false })
    const agent = runAgent(
      `curl -fsSL ${BASE}/agent.mjs -o agent.mjs && exec node agent.mjs enroll --url ${BASE} --key ${key.secret} --serial E2E-T-${n} --name '${name}' --state ${join(dir, 'credential.json')} --every 5`,
      dir,
    )
    const said = (error: Error) => {
      throw new Error(`${error.message}\nthe agent said:\n${agent.log()}`)
    }
    try {
      let device: { id: string } | undefined
      for (let tries = 0; !device && tries < 60; tries++) {
        ;[device] = await api(page, 'GET', `/devices/?q=${encodeURIComponent(`E2E-T-${n}`)}`)
        if (!device) await page.waitForTimeout(500)
      }
      if (!device) said(new Error('the agent did not enroll'))

      // The device's page links here with the device in the address.
      await page.goto(`${BASE}/app/tunnels?device_id=${device!.id}`)
      await page.getByText(`Device: ${name}`).waitFor()
      await page.getByRole('button', { name: 'New tunnel' }).click()
      const form = page.getByRole('dialog', { name: 'New tunnel' })
      await form.getByLabel('Name').fill(`Web ${n}`)
      await form.getByRole('option', { name }).waitFor({ state: 'attached' })
      assert.is(await form.getByLabel('Device', { exact: true }).inputValue(), device!.id)
      assert.ok(await form.getByRole('radio', { name: /^HTTP/ }).isChecked())
      assert.is(await form.getByLabel('Target host').inputValue(), '127.0.0.1')
      await form.getByLabel('Port').fill(String(site.port))
      await form.getByRole('button', { name: 'Create' }).click()
      await form.waitFor({ state: 'detached' })

      // The agent holds its link: the new tunnel is up, with its address under the console's.
      const row = page.getByRole('row').filter({ hasText: `Web ${n}` })
      await row.getByText('Up', { exact: true }).waitFor({ timeout: 20_000 }).catch(said)
      assert.match((await row.locator('code').textContent()) ?? '', new RegExp(`^${BASE}/t/[^/]+/$`))

      await row.getByRole('link', { name: `Web ${n}`, exact: true }).click()
      await page.getByRole('heading', { name: `Web ${n}` }).waitFor()
      await page.getByText('No requests yet. Open the tunnel to see them here.').waitFor()
      const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open', exact: true }).click()])
      await tab.getByRole('heading', { name: 'Hello from the device' }).waitFor()
      // The page runs on a host of the tunnel's own, never on the console's origin; the ticket is
      // traded for a cookie and left out of the address.
      const own = new URL(BASE)
      assert.match(tab.url(), new RegExp(`^http://[0-9a-f-]+\\.localhost:${own.port}/$`))
      assert.ok(await page.evaluate(() => localStorage.getItem('axe')), "the console keeps its sign-in in its storage")
      assert.is(await tab.evaluate(() => localStorage.getItem('axe')), null, "the tunnel page cannot read the console's sign-in")

      // The inspector shows the request as it happened.
      const requests = page.getByRole('region', { name: 'Requests' })
      await requests.getByRole('row').filter({ hasText: 'GET' }).filter({ hasText: '200' }).first().waitFor()

      // Disabling the device drops its link at once: the address answers that the tunnel is down.
      const [record] = await api(page, 'GET', `/devices/?q=${encodeURIComponent(`E2E-T-${n}`)}`)
      await api(page, 'PUT', `/devices/${record.id}`, { name: record.name, serial: record.serial, model: record.model, location: record.location, tags: record.tags, enabled: false, version: record.version })
      await page.getByRole('button', { name: 'Open', exact: true }).and(page.locator('[disabled]')).waitFor()
      const address = (await page.locator('code').first().textContent()) ?? ''
      const down = await tab.goto(address)
      assert.is(down?.status(), 502)
      await tab.getByText(/The tunnel is down/).waitFor()
      await tab.close()
    } finally {
      await agent.stop()
      site.server.close()
      rmSync(dir, { recursive: true, force: true })
    }
    await context.close()
  })

  if (screenFlows) test(`a tunnel turned off from its row reads down (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    const n = `${flavour}-${Date.now().toString(36)}`
    const device = await api(page, 'POST', '/devices/', { name: `E2E shell ${n}`, serial: `E2E-S-${n}`, model: 'EdgeBox 300', location: '', tags: [] })
    await api(page, 'POST', '/tunnels/', { name: `Shell ${n}`, device_id: device.id, protocol: 'tcp', local_port: 22, enabled: true })
    await page.goto(`${BASE}/app/tunnels?device_id=${device.id}`)
    const row = page.getByRole('row').filter({ hasText: `Shell ${n}` })
    await row.getByText('TCP via agent').waitFor()
    await row.getByText('Down', { exact: true }).waitFor()
    const toggle = row.getByRole('switch', { name: `Shell ${n} enabled` })
    assert.ok(await toggle.isChecked())
    await toggle.focus()
    await page.keyboard.press('Space')
    await page.getByText('Tunnel disabled').waitFor()
    assert.not.ok(await toggle.isChecked())
    const [saved] = await api(page, 'GET', `/tunnels/?device_id=${device.id}`)
    assert.is(saved.enabled, false)

    // Its page says how to reach it, and why it cannot now.
    await row.getByRole('link', { name: `Shell ${n}`, exact: true }).click()
    await page.getByRole('heading', { name: `Shell ${n}` }).waitFor()
    await page.getByText('The tunnel is down: it is disabled').waitFor()
    assert.match(await page.getByLabel(/^On your computer/).inputValue(), new RegExp(`^node agent\\.mjs connect ${saved.id} --url ${BASE} `))
    await context.close()
  })

  if (screenFlows) test(`has no serious accessibility violations on the tunnels list, its form and a tunnel's page, light and dark (${flavour})`, async () => {
    const context = await newContext()
    const page = await context.newPage()
    await signInAdmin(page)
    const n = `${flavour}-${Date.now().toString(36)}`
    const device = await api(page, 'POST', '/devices/', { name: `E2E axe ${n}`, serial: `E2E-A-${n}`, model: 'EdgeBox 300', location: '', tags: [] })
    const tunnel = await api(page, 'POST', '/tunnels/', { name: `Axe ${n}`, device_id: device.id, protocol: 'http', local_port: 80, enabled: true })
    await page.goto(`${BASE}/app/tunnels`)
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Turn Dark' }).click()
      await page.goto(`${BASE}/app/tunnels`)
      await page.getByRole('table').waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `list, ${mode}`)
      await page.getByRole('button', { name: 'New tunnel' }).click()
      await page.getByRole('dialog', { name: 'New tunnel' }).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `form, ${mode}`)
      await page.keyboard.press('Escape')
      await page.goto(`${BASE}/app/tunnels/details?id=${tunnel.id}`)
      await page.getByRole('heading', { name: `Axe ${n}` }).waitFor()
      await page.getByRole('region', { name: 'Requests' }).getByText(/No requests yet/).waitFor()
      await settle(page)
      assert.equal(await seriousViolations(page), [], `details, ${mode}`)
    }
    await context.close()
  })
}

test.run()
