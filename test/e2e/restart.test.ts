import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { BUILDS, callApi, closeBrowser, failedLoad, newContext, OFFLINE, signInAdmin } from './browser'
import { ownConsole } from './own-console'
import { withDataDir } from '../fixtures/data-dir'
import { renameDeviceAside } from '../fixtures/devices'

test.after(closeBrowser)

const METRICS = { latency_ms: 21, bytes_in: 1024, bytes_out: 256, cpu: 30, memory: 50 }

interface Device {
  id: string
  name: string
  version: number
}

/** The names of the list's rows, top to bottom: each row's one link (its first cell is the box that selects it). */
const rowNames = (page: Page) => page.getByRole('row').locator('td a').allTextContents()

const liveStatus = (page: Page, text: RegExp) => page.getByRole('status').filter({ hasText: text })

for (const { flavour } of BUILDS) {
  test(`the open devices list rides a restart: reconnecting, then caught up without a reload (${flavour})`, async () => {
    const server = await ownConsole(flavour)
    try {
      // While no server listens the stream's address answers 503, as a proxy in front would: a
      // refused connection would read as a console error, which the page guard fails on.
      const context = await newContext({ expectedErrors: [failedLoad(503, '/api/events'), OFFLINE] })
      const page = await context.newPage()
      let down = false
      await page.route('**/api/events', (route) => (down ? route.fulfill({ status: 503, json: { message: 'stopped' } }) : route.continue()))
      await signInAdmin(page, server.url)
      await page.goto(`${server.url}/app/devices`)
      await liveStatus(page, /^Live$/).waitFor()
      const names = await rowNames(page)
      const devices: Device[] = await callApi(page, server.url, 'GET', '/devices/?sort=name&order=asc&per_page=10')
      assert.equal(names, devices.map((device) => device.name))
      const [meanwhileFirst, afterFirst, beating, meanwhileSecond] = devices
      assert.ok(meanwhileFirst && afterFirst && beating && meanwhileSecond, `four devices to change: ${names.join(', ')}`)
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

      const rename = async (device: Device, name: string) => {
        const token = await page.evaluate(() => localStorage.getItem('axe'))
        const answer = await page.request.put(`${server.url}/api/devices/${device.id}`, { data: { ...device, name }, headers: { Authorization: `Bearer ${token}` } })
        assert.is(answer.status(), 200, await answer.text())
      }
      /** Stops the server, changes `device` in its database as the next process will read it, and starts it again. */
      const restart = async (device: Device) => {
        down = true
        await server.stop()
        await liveStatus(page, /^Reconnecting…$/).waitFor()
        await withDataDir(server.dataDir, (held) => renameDeviceAside(held, device.id, `${device.name} meanwhile`))
        await server.start()
        down = false
      }
      const shown = (name: string) => page.getByRole('link', { name, exact: true }).waitFor({ timeout: 20_000 })

      // The console has seen no event yet: it has no id to resume from.
      await restart(meanwhileFirst)
      await rename(afterFirst, `${afterFirst.name} after`)
      await liveStatus(page, /^Live$/).waitFor({ timeout: 20_000 })
      await shown(`${meanwhileFirst.name} meanwhile`)
      await shown(`${afterFirst.name} after`)

      // Now it holds the id of an event seen live, which the next process never issued.
      const key = await callApi(page, server.url, 'POST', '/access_keys/', { name: `Restart ${flavour}`, scopes: ['devices'], expires_in_days: 7 })
      await callApi(page, server.url, 'POST', `/devices/${beating.id}/heartbeat`, { status: 'error', ip: '192.0.2.9', firmware: '3.2.0', metrics: METRICS }, key.secret)
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: beating.name, exact: true }) })
      await row.getByText('Error', { exact: true }).waitFor()
      await restart(meanwhileSecond)
      await liveStatus(page, /^Live$/).waitFor({ timeout: 20_000 })
      await shown(`${meanwhileSecond.name} meanwhile`)

      const after = await rowNames(page)
      assert.equal(after.length, names.length)
      assert.equal(new Set(after).size, after.length, `a row twice: ${after.join(', ')}`)
      assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')
      await context.close()
    } finally {
      await server.remove()
    }
  })

  test(`with the server gone the console says so once, keeps the list it had, and comes back by itself when the server does (${flavour})`, async () => {
    const server = await ownConsole(flavour)
    try {
      const context = await newContext({ expectedErrors: [OFFLINE] })
      const page = await context.newPage()
      await signInAdmin(page, server.url)
      await page.goto(`${server.url}/app/devices`)
      await liveStatus(page, /^Live$/).waitFor()
      const names = await rowNames(page)
      // The page itself comes from the service worker once the server is gone.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
      const presence = (status: string) => page.getByRole('button', { name: `Status: ${status}` })
      await presence('Online').waitFor()
      const away = page.getByText(/^The server cannot be reached/)

      // Down, the network up: said at once, without a reload.
      await server.stop()
      await away.waitFor({ timeout: 20_000 })
      await presence('Offline').waitFor()

      // A reload while it is down: one banner, the kept rows marked as not live, nothing else stacked.
      await page.reload()
      await page.getByRole('link', { name: names[0], exact: true }).waitFor()
      await away.waitFor()
      await page.getByRole('status').filter({ hasText: /^(Not live|Reconnecting…)$/ }).waitFor()
      assert.is(await away.count(), 1, 'one banner')
      assert.is(await page.getByRole('alert').count(), 0, 'no other warning beside it')
      assert.is(await page.getByText('You are offline').count(), 0, 'the network is up: the server is not')
      await presence('Offline').waitFor()
      assert.is(await presence('Online').count(), 0)
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

      // Back by itself: live again, the banner gone and the list read anew, without a reload.
      const readAnew = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/devices/' && answer.ok(), { timeout: 20_000 })
      readAnew.catch(() => undefined)
      await server.start()
      await liveStatus(page, /^Live$/).waitFor({ timeout: 20_000 })
      await page.waitForFunction(() => !document.body.innerText.includes('The server cannot be reached'), null, { timeout: 20_000 })
      await presence('Online').waitFor()
      await readAnew
      assert.equal(await rowNames(page), names)
      assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no reload')
      await context.close()
    } finally {
      await server.remove()
    }
  })
}

test.run()
