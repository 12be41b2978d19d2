import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { BulkJob } from '../../../../src/contract/bulk'
import '../../../../src/ui/bulk/bulk-texts'
import { BulkJobPanel } from '../../../../src/ui/bulk/bulk-job-panel'
import '../../../../src/ui/console-texts'
import { routeFetch, type RouteStub } from '../../features/route-stub'
import { cleanup, fireEvent, page, render, waitFor } from '../testing'

let stub: RouteStub | undefined
test.after.each(() => {
  cleanup()
  stub?.restore()
})

const job = (overrides: Partial<BulkJob> = {}): BulkJob => ({
  id: 'j-1',
  collection: 'devices',
  action: 'tag_add',
  params: { tag: 'lobby' },
  count: 1000,
  expires_at: '2026-01-01T00:00:00Z',
  status: 'done',
  done: 1000,
  changed: 1000,
  skipped: [],
  selection_label: '',
  created_at: '2026-01-01T00:00:00Z',
  finished_at: '2026-01-01T00:00:05Z',
  audit_id: 'a-1',
  undoable: true,
  ...overrides,
})

const show = (started: BulkJob) => render(<BulkJobPanel started={started} onChanged={() => undefined} onDismiss={() => undefined} />)

test('a running job says its progress in a live region, numbers written for the language', () => {
  stub = routeFetch({})
  show(job({ status: 'running', done: 120, changed: 120 }))
  const live = page().getByText('Processed 120 of 1,000')
  assert.is(live.closest('[aria-live]')?.getAttribute('aria-live'), 'polite')
  assert.is(page().getByRole('progressbar').getAttribute('aria-valuetext'), '120 of 1,000')
})

test('an undo that the server keeps offers itself until dismissed, with no countdown', async () => {
  stub = routeFetch({ 'POST /bulk/j-1/undo': () => ({ status: 200, body: { restored: 1000, left: [] } }) })
  show(job())
  const undo = await waitFor(() => page().getByRole('button', { name: 'Undo' }))
  undo.focus()
  fireEvent.click(undo)
  await page().findByText('Undone: 1,000 devices put back.')
  assert.is(page().queryByRole('button', { name: /^Undo/ }), null)
  // The button gone, the keyboard stays with the job rather than the page's start.
  assert.is(document.activeElement, page().getByRole('region', { name: 'Add a tag' }))
})

test("a revoke's undo counts down the server's window", async () => {
  stub = routeFetch({})
  show(job({ collection: 'access_keys', action: 'revoke', params: {} }))
  await waitFor(() => page().getByRole('button', { name: /^Undo \(\d+ s\)$/ }))
})

test.run()
