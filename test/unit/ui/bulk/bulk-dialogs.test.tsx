import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Failed } from '../../../../src/api/client'
import type { BulkParams, BulkPreview } from '../../../../src/contract/bulk'
import { bulkDeviceRules } from '../../../../src/features/devices/device-rules'
import '../../../../src/ui/bulk/bulk-texts'
import { BulkConfirm } from '../../../../src/ui/bulk/bulk-confirm'
import { BulkValueDialog } from '../../../../src/ui/bulk/bulk-value-dialog'
import '../../../../src/ui/console-texts'
import { cleanup, fireEvent, page, render, waitFor } from '../testing'

test.after.each(() => cleanup())

test('keeps what was typed and shows the server’s refusal on its field when a preview is refused', async () => {
  const asked: BulkParams[] = []
  const refused: Failed = { ok: false, status: 400, message: 'validation.invalid', errors: { 'params.tag': 'fields.tag' } }
  render(
    <BulkValueDialog
      collection="devices"
      action="tag_add"
      roles={null}
      rules={bulkDeviceRules}
      preview={async (params) => {
        asked.push(params)
        return refused
      }}
      onClose={() => undefined}
    />,
  )
  const view = page()
  const field = view.getByLabelText('Tag') as HTMLInputElement
  fireEvent.click(view.getByRole('button', { name: 'Preview' }))
  await waitFor(() => view.getByText('Required'))
  assert.equal(asked, [], 'nothing is asked with a mistake showing')

  fireEvent.change(field, { target: { value: ' lobby ' } })
  fireEvent.click(view.getByRole('button', { name: 'Preview' }))
  await waitFor(() => view.getByText('Letters, digits, spaces, dots and dashes only'))
  assert.equal(asked, [{ tag: 'lobby' }])
  assert.is((view.getByLabelText('Tag') as HTMLInputElement).value, ' lobby ')
})

const preview = (overrides: Partial<BulkPreview> = {}): BulkPreview => ({
  id: 'j-1',
  collection: 'users',
  action: 'set_roles',
  params: { roles: ['r-1'] },
  count: 3,
  expires_at: '2026-01-01T00:00:00Z',
  ...overrides,
})

test('previews the count the server froze, the blast radius, and a button named for the action', () => {
  render(
    <BulkConfirm
      preview={preview({ blast: { members: 3, gained: ['billing'], lost: ['roles'], losing_roles: 1 } })}
      selected={4}
      roleName={(id) => (id === 'r-1' ? 'Viewer' : id)}
      onConfirm={async () => null}
      onClose={() => undefined}
    />,
  )
  const dialog = page().getByRole('dialog', { name: 'Change roles' })
  assert.equal(
    Array.from(dialog.querySelectorAll('p')).map((p) => p.textContent),
    [
      'This changes 3 users.',
      '1 of those selected is gone or no longer matches; it is left out.',
      'Roles: Viewer',
      'The rights of 3 members change.',
      'Grants Billing.',
      'Removes Roles.',
      '1 member loses the right to manage roles.',
    ],
  )
  assert.ok(page().getByRole('button', { name: 'Change the roles of 3 users' }))
  assert.is(document.activeElement, page().getByRole('button', { name: 'Cancel' }))
})

test('keeps the preview open with the message when the run is refused', async () => {
  render(<BulkConfirm preview={preview({ collection: 'access_keys', action: 'revoke', params: {} })} selected={3} roleName={(id) => id} onConfirm={async () => 'bulkExpired'} onClose={() => undefined} />)
  fireEvent.click(page().getByRole('button', { name: 'Revoke 3 access keys' }))
  await waitFor(() => page().getByRole('alert'))
  assert.ok(page().getByRole('dialog', { name: 'Revoke' }))
})

test.run()
