import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import CryptoDashboardScreen from '../../../../src/demo/crypto-dashboard/crypto-dashboard-screen'
import { cleanup, fireEvent, page, render } from '../../ui/testing'

test.after.each(() => cleanup())

test('shows a card for each of the 16 coins, BTC and TRX among them', () => {
  render(<CryptoDashboardScreen />)
  const view = page()
  assert.is(view.getAllByRole('article').length, 16)
  assert.ok(view.getByRole('article', { name: 'BTC Bitcoin' }))
  assert.ok(view.getByRole('article', { name: 'TRX TRON' }))
})

test("charts the chosen coin's last 24 hours, BTC at first", () => {
  render(<CryptoDashboardScreen />)
  const view = page()
  assert.ok(view.getByRole('figure', { name: 'Bitcoin (BTC), last 24 hours' }))
  fireEvent.change(view.getByRole('combobox', { name: 'Coin on the chart' }), { target: { value: 'XMR' } })
  const chart = view.getByRole('figure', { name: 'Monero (XMR), last 24 hours' })
  assert.match(chart.querySelector('figcaption')!.textContent!, /24 points/)
  assert.match(chart.querySelector('figcaption')!.textContent!, /XMR \$164\.08/)
})

test('holds the order book, the trade form and the marketplace', () => {
  render(<CryptoDashboardScreen />)
  const view = page()
  for (const name of ['Order book BTC/USD', 'Trade', 'Marketplace']) assert.ok(view.getByRole('region', { name }), name)
})

test('the dashboard says that its figures are sample data', () => {
  render(<CryptoDashboardScreen />)
  assert.match(page().getByRole('note', { name: 'Sample data' }).textContent ?? '', 'Made-up figures')
})

test.run()
