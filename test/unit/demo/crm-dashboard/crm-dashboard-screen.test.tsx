import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import CrmDashboardScreen from '../../../../src/demo/crm-dashboard/crm-dashboard-screen'
import { cleanup, page, render, within } from '../../ui/testing'

test.after.each(() => cleanup())

test('shows the KPI tiles with their final figures for assistive tech', () => {
  render(<CrmDashboardScreen />)
  const view = page()
  const figures = ['Leads', 'Deals', 'Revenue', 'Conversion'].map((name) => within(view.getByRole('group', { name })).getByText(/\d/, { selector: '.visually-hidden' }).textContent)
  assert.equal(figures, ['2,340', '418', '$1,286,400', '17.9%'])
})

test('draws the sales chart with its revenue and target, told in words too', () => {
  render(<CrmDashboardScreen />)
  const chart = page().getByRole('figure', { name: 'Sales, last 30 days' })
  const caption = chart.querySelector('figcaption')!.textContent!
  assert.match(caption, /30 points/)
  assert.match(caption, /Revenue \$\d/)
  assert.match(caption, /Target \$\d/)
})

test('shows the pipeline by stage, the recent activities and the top five customers', () => {
  render(<CrmDashboardScreen />)
  const view = page()
  const stages = within(view.getByRole('region', { name: 'Deals pipeline' })).getAllByRole('listitem')
  assert.equal(
    stages.map((stage) => stage.firstChild!.textContent),
    ['Lead in', 'Qualified', 'Proposal', 'Negotiation', 'Won'],
  )
  assert.match(stages[0]!.textContent!, /126 deals, \$948,000/)
  const activities = within(view.getByRole('region', { name: 'Recent activities' })).getAllByRole('listitem')
  assert.match(activities[0]!.textContent!, /Mira Hoffmann won a deal with Nordhafen Logistics/)
  const customers = within(view.getByRole('table', { name: 'Customers by revenue this year' })).getAllByRole('rowheader')
  assert.equal(customers.length, 5)
  assert.is(customers[0]!.textContent, 'Nordhafen Logistics')
})

test('the dashboard says that its figures are sample data', () => {
  render(<CrmDashboardScreen />)
  assert.match(page().getByRole('note', { name: 'Sample data' }).textContent ?? '', 'Made-up figures')
})

test.run()
