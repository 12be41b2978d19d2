import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Result } from '../../../../src/api/client'
import type { Page } from '../../../../src/api/collection'
import type { ListQuery } from '../../../../src/contract/collections'
import type { Device } from '../../../../src/contract/devices'
import type { Right } from '../../../../src/contract/rights'
import { $session, initialSession } from '../../../../src/stores/session'
import '../../../../src/ui/console-texts'
import type { ListDefaults } from '../../../../src/ui/list/list-url'
import { ListView, type Column } from '../../../../src/ui/list/list-view'
import { useCollectionList } from '../../../../src/ui/list/use-collection-list'
import { createDevice, createUser } from '../../contract/factories'
import { cleanup, fireEvent, page, render, waitFor } from '../testing'

const defaults: ListDefaults = { sort: 'name', order: 'asc', perPage: 5, filters: ['status'] }
const columns: Column<Device>[] = [{ key: 'name', label: 'Name', render: (device) => device.name }]
/** Seven devices over two pages of five. */
const fleet = Array.from({ length: 7 }, (_, i) => createDevice({ id: `d-${i}`, name: `gate-${i}` }))

const signIn = (rights: Right[]) => {
  const user = createUser({ rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

test.after.each(() => {
  cleanup()
  $session.set(initialSession())
})

/** The devices list with a button that narrows it by status, as a chip would. */
function renderList() {
  const list = async (query: ListQuery): Promise<Result<Page<Device>>> => {
    const from = ((query.page ?? 1) - 1) * 5
    return { ok: true, status: 200, data: { rows: fleet.slice(from, from + 5), total: fleet.length } }
  }
  function Devices() {
    const { query, data, change, reload } = useCollectionList<Device>({ collection: 'devices', list, defaults })
    return (
      <>
        <button type="button" onClick={() => change({ filters: { status: 'online' } })}>
          narrow
        </button>
        <ListView caption="Devices" columns={columns} query={query} data={data} change={change} reload={reload} collection="devices" />
      </>
    )
  }
  const memory = memoryLocation({ path: '/app/devices', record: true })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Devices />
    </Router>,
  )
  return page()
}

const box = (name: string) => page().getByRole('checkbox', { name }) as HTMLInputElement
const ticked = () => page().queryAllByRole('checkbox').filter((one) => (one as HTMLInputElement).checked).map((one) => one.getAttribute('aria-label'))

test('gives each row a box named after it, and one for the page, to a holder of the collection’s right', async () => {
  signIn(['devices'])
  const view = renderList()
  await waitFor(() => view.getByText('gate-0'))
  assert.equal(
    view.getAllByRole('checkbox').map((one) => one.getAttribute('aria-label')),
    ['Select every row on this page', 'Select gate-0', 'Select gate-1', 'Select gate-2', 'Select gate-3', 'Select gate-4'],
  )
})

test('shows no boxes to a user without the collection’s right', async () => {
  signIn(['tunnels'])
  const view = renderList()
  await waitFor(() => view.getByText('gate-0'))
  assert.is(view.queryAllByRole('checkbox').length, 0)
})

test('keeps rows ticked by hand across pages, and clears them when the filter changes', async () => {
  signIn(['devices'])
  const view = renderList()
  await waitFor(() => view.getByText('gate-0'))
  fireEvent.click(box('Select gate-1'))
  assert.equal(ticked(), ['Select gate-1'])
  assert.ok((box('Select every row on this page') as HTMLInputElement).indeterminate, 'part of the page reads as mixed')

  fireEvent.click(view.getByRole('button', { name: 'Next page' }))
  await waitFor(() => view.getByText('gate-5'))
  fireEvent.click(box('Select every row on this page'))
  assert.equal(ticked(), ['Select every row on this page', 'Select gate-5', 'Select gate-6'])

  fireEvent.click(view.getByRole('button', { name: 'Previous page' }))
  await waitFor(() => view.getByText('gate-1'))
  assert.equal(ticked(), ['Select gate-1'])

  fireEvent.click(view.getByRole('button', { name: 'narrow' }))
  await waitFor(() => assert.equal(ticked(), []))
})

test.run()
