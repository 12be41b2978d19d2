import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setToken } from '../../../../src/api/client'
import type { Device } from '../../../../src/contract/devices'
import { DeviceFormDialog } from '../../../../src/features/devices/device-form-dialog'
import { EMPTY_DEVICE, type DeviceValues } from '../../../../src/features/devices/device-values'
import { saveDevice } from '../../../../src/features/devices/devices-api'
import '../../../../src/ui/console-texts'
import { createDevice } from '../../contract/factories'
import { cleanup, descriptionOf, fireEvent, page, render, waitFor } from '../../ui/testing'
import { routeFetch, type Handler, type RouteStub } from '../route-stub'

let stub: RouteStub | undefined

test.before.each(() => setToken('token-1'))
test.after.each(() => {
  cleanup()
  stub?.restore()
})

/** The add dialog against `routes`; every saved device is pushed to `saved`. */
function openForm(routes: Record<string, Handler>, saved: Device[] = []) {
  stub = routeFetch(routes)
  render(
    <DeviceFormDialog
      title="Add a device"
      submitLabel="Add device"
      initial={EMPTY_DEVICE}
      version={null}
      save={(values) => saveDevice(values, null)}
      onSaved={(device) => saved.push(device)}
      onClose={() => undefined}
    />,
  )
  const view = page()
  const field = (label: string) => view.getByLabelText(label) as HTMLInputElement
  return {
    view,
    field,
    fill(values: Partial<DeviceValues>) {
      const labels: Record<keyof DeviceValues, string> = { name: 'Name', serial: 'Serial number', model: 'Model', location: 'Location', tags: 'Tags, separated by commas' }
      for (const [name, value] of Object.entries(values)) fireEvent.change(field(labels[name as keyof DeviceValues]), { target: { value } })
    },
    submit: () => fireEvent.click(view.getByRole('button', { name: 'Add device' })),
  }
}

const typed = { name: 'lobby-3', serial: 'SN 42', model: 'Kiosk K2', location: 'Hall B', tags: 'lobby, ok' }

test("shows the server's field errors on their fields and keeps what was typed", async () => {
  const saved: Device[] = []
  const form = openForm(
    {
      'POST /devices/': () => ({
        status: 400,
        body: { message: 'Some fields are not valid', errors: { serial: 'Letters, digits, dots, dashes and underscores only', 'tags.1': 'Letters, digits, spaces, dots and dashes only' } },
      }),
    },
    saved,
  )
  // Valid as far as the console can tell: only the server refuses it.
  form.fill({ ...typed, serial: 'SN-42' })
  form.submit()
  await waitFor(() => assert.is(descriptionOf(form.field('Serial number')), 'Letters, digits, dots, dashes and underscores only'))
  assert.is(descriptionOf(form.field('Tags, separated by commas')), 'Letters, digits, spaces, dots and dashes only')
  assert.is(form.view.getByRole('alert').textContent, 'Some fields are not valid')
  assert.equal(
    ['Name', 'Serial number', 'Model', 'Location', 'Tags, separated by commas'].map((label) => form.field(label).value),
    ['lobby-3', 'SN-42', 'Kiosk K2', 'Hall B', 'lobby, ok'],
  )
  assert.equal(saved, [])
  // Changing the field clears the server's word on it.
  form.fill({ serial: 'SN-43' })
  await waitFor(() => assert.is(descriptionOf(form.field('Serial number')), null))
})

test('puts a refused duplicate serial on the serial field', async () => {
  const form = openForm({ 'POST /devices/': () => ({ status: 409, body: { message: 'A device with this serial already exists in this organization' } }) })
  form.fill({ ...typed, serial: 'SN-1' })
  form.submit()
  await waitFor(() => assert.is(descriptionOf(form.field('Serial number')), 'A device with this serial already exists in this organization'))
  assert.is(form.field('Name').value, 'lobby-3')
})

test('checks the fields before sending anything', () => {
  const form = openForm({})
  form.fill({ serial: 'SN 42', tags: 'ok, bad!tag' })
  form.submit()
  assert.is(descriptionOf(form.field('Name')), 'Required')
  assert.is(descriptionOf(form.field('Serial number')), 'Letters, digits, dots, dashes and underscores only')
  assert.is(descriptionOf(form.field('Tags, separated by commas')), 'Letters, digits, spaces, dots and dashes only')
  assert.is(descriptionOf(form.field('Location')), null, 'the location may stay empty')
  assert.is(stub!.requests.length, 0)
})

test('hands the created device on', async () => {
  const saved: Device[] = []
  const form = openForm({ 'POST /devices/': ({ body }) => ({ status: 201, body: createDevice({ ...(body as object), id: 'd-7', status: 'provisioning' }) }) }, saved)
  form.fill({ ...typed, serial: 'SN-42' })
  form.submit()
  await waitFor(() => assert.is(saved.length, 1))
  assert.equal([saved[0]!.id, saved[0]!.status, saved[0]!.tags], ['d-7', 'provisioning', ['lobby', 'ok']])
})

test.run()
