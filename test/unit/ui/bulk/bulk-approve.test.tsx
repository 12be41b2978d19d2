import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { BulkPreview } from '../../../../src/contract/bulk'
import { BulkTools } from '../../../../src/ui/bulk/bulk-tools'
import '../../../../src/ui/bulk/bulk-texts'
import { offersAction } from '../../../../src/ui/bulk/selection-request'
import type { BulkSelect } from '../../../../src/ui/list/bulk-select'
import type { ListState } from '../../../../src/ui/list/list-url'
import '../../../../src/ui/console-texts'
import { routeFetch, type RouteStub } from '../../features/route-stub'
import { cleanup, fireEvent, page, render, waitFor } from '../testing'

let stub: RouteStub | undefined
test.after.each(() => {
  cleanup()
  stub?.restore()
})

const query = (filters: Record<string, string[]> = {}): ListState => ({ q: '', sort: 'name', order: 'asc', page: 1, per_page: 25, filters })

const picked = (ids: string[]): BulkSelect => ({
  collection: 'devices',
  selection: { key: '', ids, all: false },
  page: ids,
  opened: true,
  set: () => undefined,
  toggle: () => undefined,
  togglePage: () => undefined,
  selectMatching: () => undefined,
  clear: () => undefined,
})

test('approving is offered where pending devices can be: no status filter, or one that takes pending', () => {
  assert.ok(offersAction('devices', 'approve', query()))
  assert.ok(offersAction('devices', 'approve', query({ status: ['pending', 'offline'] })))
  assert.not.ok(offersAction('devices', 'approve', query({ status: ['online'] })))
  assert.ok(offersAction('devices', 'disable', query({ status: ['online'] })), 'other actions stay')
  assert.ok(offersAction('tunnels', 'enable', query({ status: ['online'] })))
})

test('the bar previews an approval of the rows picked and names the button for the count', async () => {
  const preview: BulkPreview = { id: 'j-1', collection: 'devices', action: 'approve', params: {}, count: 5, expires_at: '2026-01-01T00:00:00Z' }
  stub = routeFetch({ 'POST /bulk/preview': () => ({ status: 201, body: preview }) })
  render(<BulkTools bulk={picked(['d1', 'd2', 'd3', 'd4', 'd5'])} query={query()} total={5} reload={() => undefined} />)
  fireEvent.click(page().getByRole('button', { name: 'Approve' }))
  await waitFor(() => page().getByRole('button', { name: 'Approve 5 devices' }))
  assert.equal(stub.seen('POST /bulk/preview').map((request) => request.body), [
    { collection: 'devices', action: 'approve', params: {}, selection: { ids: ['d1', 'd2', 'd3', 'd4', 'd5'] } },
  ])
})

test('the bar leaves approving out of a list filtered to online devices', () => {
  stub = routeFetch({})
  render(<BulkTools bulk={picked(['d1'])} query={query({ status: ['online'] })} total={1} reload={() => undefined} />)
  assert.is(page().queryByRole('button', { name: 'Approve' }), null)
  page().getByRole('button', { name: 'Disable' })
})

test.run()
