import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Billing } from '../../../../src/contract/billing'
import { CapList } from '../../../../src/features/billing/cap-list'
import '../../../../src/features/billing/texts'
import { cleanup, page, render, within } from '../../ui/testing'

test.after.each(cleanup)

const caps: Billing['caps'] = {
  alert_rules: { used: 25, limit: 25 },
  webhooks: { used: 4, limit: 5 },
  views: { used: 12, limit: 200 },
  access_keys: { used: 2, limit: 20 },
  app_ids: { used: 0, limit: 5 },
  roles: { used: 3, limit: 10 },
  invitations: { used: 1, limit: 25 },
  alert_mutes: { used: 1500, limit: 2500 },
}

test('each capped collection is a row of its use against the plan, saying when it is near or at the limit', () => {
  render(<CapList caps={caps} />)
  const list = page().getByRole('list', { name: 'What the plan allows' })
  const rows = within(list).getAllByRole('listitem')
  assert.equal(
    rows.map((row) => [...row.children].map((cell) => cell.textContent)),
    [
      ['Alert rules', '25 of 25 · At the limit'],
      ['Webhooks', '4 of 5 · Near the limit'],
      ['Saved views', '12 of 200'],
      ['Active access keys', '2 of 20'],
      ['App ids', '0 of 5'],
      ['Custom roles', '3 of 10'],
      ['Open invitations', '1 of 25'],
      ['Mutes in force', '1,500 of 2,500'],
    ],
  )
  // The state's colour comes with its class.
  assert.match(rows[0]!.lastElementChild!.className, /full/)
  assert.match(rows[1]!.lastElementChild!.className, /warning/)
  assert.not.match(rows[2]!.lastElementChild!.className, /warning|full/)
})

test('an answer kept from before the caps shows no list', () => {
  render(<CapList caps={undefined} />)
  assert.is(page().queryByRole('list'), null)
})

test.run()
