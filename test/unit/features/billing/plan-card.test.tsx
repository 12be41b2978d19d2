import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { PLANS, planOf, type Billing, type CapKind, type CapUsage } from '../../../../src/contract/billing'
import { PlanCard } from '../../../../src/features/billing/plan-card'
import { PlanDialog } from '../../../../src/features/billing/plan-dialog'
import '../../../../src/features/billing/texts'
import { cleanup, fireEvent, page, render } from '../../ui/testing'

test.after.each(cleanup)

/** Without the isolation marks and with plain spaces, as a reader sees it. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ')

const team = planOf('team')
const billing: Billing = {
  plan: 'team',
  plans: PLANS,
  usage: { devices: 12, tunnels: 3, traffic_bytes: 120e9 },
  limits: team.limits,
  caps: Object.fromEntries(Object.entries(team.caps).map(([kind, limit]) => [kind, { used: 0, limit }])) as Record<CapKind, CapUsage>,
  payment_method: null,
  version: 1,
}

test('the plan card says what traffic past the plan costs', () => {
  render(<PlanCard billing={billing} onChange={() => undefined} />)
  assert.ok(page().getByText((_, element) => element?.tagName === 'P' && plain(element.textContent) === 'Traffic past 500 GB a month: $0.10 per GB'))
})

test('where a plan is chosen, each choice and the confirmation say the traffic overage', () => {
  render(<PlanDialog billing={billing} onClose={() => undefined} onChanged={() => undefined} />)
  const labels = page()
    .getAllByRole('radio')
    .map((radio) => plain(radio.closest('label')?.textContent))
  assert.equal(labels, [
    'Free · $0.00 · 10 devices, 5 tunnels, 5 GB a month, then $0.10 per GB',
    'Team · $49.00 · 50 devices, 20 tunnels, 500 GB a month, then $0.10 per GB (Current plan)',
    'Business · $299.00 · 500 devices, 200 tunnels, 5 TB a month, then $0.10 per GB',
  ])
  fireEvent.click(page().getByRole('radio', { name: /^Business/ }))
  fireEvent.click(page().getByRole('button', { name: 'Change plan' }))
  assert.ok(page().getByText((_, element) => element?.tagName === 'P' && plain(element.textContent) === 'Traffic past 5 TB a month: $0.10 per GB'))
})

test.run()
