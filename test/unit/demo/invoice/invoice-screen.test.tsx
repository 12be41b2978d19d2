import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { InvoiceSheet } from '../../../../src/demo/invoice/invoice-screen'
import { INVOICE } from '../../../../src/demo/invoice/invoice'
import { cleanup, fireEvent, page, render } from '../../ui/testing'

test.after.each(() => cleanup())

const total = () => page().getByRole('rowheader', { name: 'Total' }).parentElement!.querySelector('td')!.textContent

test('the total follows a changed quantity, a changed price, an added and a removed row', () => {
  render(<InvoiceSheet invoice={INVOICE} />)
  const view = page()
  assert.is(total(), '$3,305.00')
  fireEvent.change(view.getByRole('spinbutton', { name: 'Quantity of row 1' }), { target: { value: '5' } })
  assert.is(total(), '$3,554.00')
  fireEvent.change(view.getByRole('spinbutton', { name: 'Price of row 3' }), { target: { value: '90' } })
  assert.is(total(), '$3,584.00')
  fireEvent.click(view.getByRole('button', { name: 'Add a row' }))
  fireEvent.change(view.getByRole('spinbutton', { name: 'Price of row 4' }), { target: { value: '0.5' } })
  assert.is(total(), '$3,584.50')
  fireEvent.click(view.getByRole('button', { name: 'Remove row 2' }))
  assert.is(total(), '$1,785.50')
})

test('a negative quantity or price counts as 0', () => {
  render(<InvoiceSheet invoice={INVOICE} />)
  fireEvent.change(page().getByRole('spinbutton', { name: 'Quantity of row 2' }), { target: { value: '-4' } })
  assert.is(total(), '$1,506.00')
})

test('shows the invoice number, its date and whether it is paid', () => {
  render(<InvoiceSheet invoice={INVOICE} />)
  const view = page()
  assert.ok(view.getByText('INV-2026-0042'))
  assert.ok(view.getByText('October 1, 2026'))
  assert.ok(view.getByText('Due'))
})

test.run()
