import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CoinCard } from '../../../../src/demo/crypto/coin-card'
import { coinOf } from '../../../../src/demo/crypto/coins'
import { MarketplaceTable } from '../../../../src/demo/crypto/marketplace-table'
import { OrderBook } from '../../../../src/demo/crypto/order-book'
import { sparkPoints } from '../../../../src/demo/crypto/sparkline'
import { TradingWidget } from '../../../../src/demo/crypto/trading-widget'
import { useMoney } from '../../../../src/demo/crypto/use-money'
import { cleanup, fireEvent, page, render, within } from '../../ui/testing'

test.after.each(() => cleanup())

test('the trade total is amount times price in dollars and cents, and follows both', () => {
  render(<TradingWidget />)
  const view = page()
  const total = view.getByRole('status', { name: 'Total' })
  assert.is(total.textContent, '$64,210.50')
  fireEvent.change(view.getByLabelText('Amount (BTC)'), { target: { value: '0.5' } })
  assert.is(total.textContent, '$32,105.25')
  fireEvent.change(view.getByLabelText('Price per coin (USD)'), { target: { value: '1.005' } })
  fireEvent.change(view.getByLabelText('Amount (BTC)'), { target: { value: '1' } })
  assert.is(total.textContent, '$1.01')
})

test('picking a coin offers its price; selling says so on the button and in the placed order', () => {
  render(<TradingWidget />)
  const view = page()
  fireEvent.change(view.getByRole('combobox', { name: 'Coin' }), { target: { value: 'TRX' } })
  assert.is((view.getByLabelText('Price per coin (USD)') as HTMLInputElement).value, '0.1187')
  fireEvent.change(view.getByLabelText('Amount (TRX)'), { target: { value: '1000' } })
  fireEvent.click(view.getByRole('button', { name: 'Sell' }))
  assert.is(view.getByRole('button', { name: 'Sell' }).getAttribute('aria-pressed'), 'true')
  fireEvent.click(view.getByRole('button', { name: 'Sell TRX' }))
  assert.is(view.getByRole('status', { name: '' }).textContent, 'Demo order: sell 1,000 TRX at $0.1187, $118.70 in all. Nothing was sent.')
})

test('an amount of 0 places nothing and says why', () => {
  render(<TradingWidget />)
  const view = page()
  const amount = view.getByLabelText('Amount (BTC)')
  fireEvent.change(amount, { target: { value: '0' } })
  fireEvent.click(view.getByRole('button', { name: 'Buy BTC' }))
  assert.is(amount.getAttribute('aria-invalid'), 'true')
  assert.ok(view.getByText('Enter an amount above 0.'))
  assert.is(view.getByRole('status', { name: 'Total' }).textContent, '$0.00')
  assert.not.ok(view.queryByText(/Demo order/))
})

test('the marketplace sorts a column descending on the first click, ascending on the second', () => {
  render(<MarketplaceTable />)
  const view = page()
  const first = () => view.getAllByRole('rowheader')[0]!.textContent
  assert.is(first(), 'BNB Binance Coin')
  const price = view.getByRole('columnheader', { name: /Price/ })
  fireEvent.click(within(price).getByRole('button'))
  assert.is(price.getAttribute('aria-sort'), 'descending')
  assert.is(first(), 'BTC Bitcoin')
  fireEvent.click(within(price).getByRole('button'))
  assert.is(price.getAttribute('aria-sort'), 'ascending')
  assert.is(first(), 'BCN Bytecoin')
  assert.is(view.getAllByRole('rowheader').length, 16)
})

test('the order book shows buy orders and sell orders best first, each with its total', () => {
  render(<OrderBook />)
  const view = page()
  const bids = view.getByRole('table', { name: 'Buy orders' })
  const firstBid = within(bids).getAllByRole('row')[1]!
  assert.equal(
    within(firstBid)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
    ['$64,207.00', '0.31', '$19,904.17'],
  )
  assert.ok(view.getByRole('table', { name: 'Sell orders' }))
  assert.ok(view.getByText('Spread $12.50'))
})

function Card({ symbol }: { symbol: 'BTC' | 'PPT' }) {
  return <CoinCard coin={coinOf(symbol)} money={useMoney()} />
}

test('a coin card tells its price and change in words, its line being decoration', () => {
  render(<Card symbol="PPT" />)
  const card = page().getByRole('article', { name: 'PPT Populous' })
  assert.ok(within(card).getByText('$0.0975'))
  assert.ok(within(card).getByText(/-6.48% in 24 h/))
  assert.is(card.querySelector('svg')!.getAttribute('aria-hidden'), 'true')
})

test('a sparkline fits its values to the box, the highest at the top', () => {
  assert.is(sparkPoints([1, 3, 2], 100, 10), '0,10 50,0 100,5')
  assert.is(sparkPoints([5, 5], 100, 10), '0,10 100,10')
  assert.is(sparkPoints([], 100, 10), '')
})

test.run()
