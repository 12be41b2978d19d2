import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { InvoiceLine } from '../../../../src/contract/billing'
import { InvoiceLineRow } from '../../../../src/features/billing/invoice-line'
import '../../../../src/features/billing/texts'
import { cleanup, page, render } from '../../ui/testing'

test.after.each(cleanup)

const rows = (lines: InvoiceLine[]) => {
  render(
    <table>
      <tbody>
        {lines.map((line, index) => (
          <InvoiceLineRow key={index} line={line} plan="team" locale="en" />
        ))}
      </tbody>
    </table>,
  )
  return page()
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
}

test('a plan change mid-month shows a line per plan with its days and prorated amount', () => {
  const shown = rows([
    { kind: 'plan', plan: 'free', from: '2031-03-01', to: '2031-03-10', month_days: 31, quantity: 10, unit_cents: 0, amount_cents: 0 },
    { kind: 'plan', plan: 'team', from: '2031-03-11', to: '2031-03-31', month_days: 31, quantity: 21, unit_cents: 4900, amount_cents: 3319 },
    { kind: 'traffic', quantity: 345e9, unit_cents: 0, amount_cents: 0 },
  ])
  assert.equal(shown, [
    ['Free planMar 1, 2031 – Mar 10, 2031', '10 of 31 days', '$0.00 a month', '$0.00'],
    ['Team planMar 11, 2031 – Mar 31, 2031', '21 of 31 days', '$49.00 a month', '$33.19'],
    ["Traffic (included up to the plan's limit)", '345 GB', '$0.00', '$0.00'],
  ])
})

test('a plan line of an invoice issued before plans were kept by day names the invoice’s plan', () => {
  assert.equal(rows([{ kind: 'plan', quantity: 1, unit_cents: 4900, amount_cents: 4900 }]), [['Team plan', '1', '$49.00', '$49.00']])
})

test('the overage says the GB included and bills the whole GB past them, as the traffic line counts them', () => {
  const shown = rows([
    { kind: 'plan', plan: 'team', from: '2031-03-01', to: '2031-03-31', month_days: 31, quantity: 31, unit_cents: 4900, amount_cents: 4900 },
    { kind: 'overage', quantity: 34, unit_cents: 10, amount_cents: 340, included_gb: 500 },
    { kind: 'traffic', quantity: 534.075e9, unit_cents: 0, amount_cents: 0 },
  ])
  assert.equal(shown.slice(1), [
    ['Traffic past the 500 GB included, per GB', '34 GB', '$0.10', '$3.40'],
    ["Traffic (included up to the plan's limit)", '534 GB', '$0.00', '$0.00'],
  ])
  // An invoice issued before the included GB were said keeps its words.
  assert.equal(rows([{ kind: 'overage', quantity: 35, unit_cents: 10, amount_cents: 350 }]).at(-1), ['Traffic past the plan, per GB', '35 GB', '$0.10', '$3.50'])
})

test.run()
