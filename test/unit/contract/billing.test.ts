import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  PaymentMethodInput,
  cardBrand,
  cardDigits,
  cardNumberRule,
  excessOver,
  expiryRule,
  formatMoney,
  luhn,
  overageGb,
  storedCard,
  usageBars,
  usageLevel,
  usagePercent,
  wholeGb,
} from '../../../src/contract/billing'
import { check } from '../../../src/contract/validation'
import { invoiceLines, wholeMonth } from '../../../src/server/billing/invoices'

test('luhn accepts the test cards and refuses a changed digit', () => {
  for (const number of ['4242424242424242', '4539578763621486', '5555555555554444', '378282246310005', '6011111111111117', '79927398713']) assert.ok(luhn(number), number)
  for (const number of ['4242424242424241', '4539578763621487', '79927398710', '', '12a4']) assert.not.ok(luhn(number), number)
})

test('a card number takes 12 to 19 digits, with spaces or dashes between groups', () => {
  assert.is(cardDigits('4242 4242 4242 4242'), '4242424242424242')
  assert.is(cardDigits(' 4242-4242-4242-4242 '), '4242424242424242')
  assert.is(cardDigits('42424242424'), null)
  assert.is(cardDigits('42424242424242424242'), null)
  assert.is(cardDigits('4242 4242 4242 424x'), null)
  assert.is(cardNumberRule('4242 4242 4242 4242'), true)
  assert.is(cardNumberRule('4242 4242 4242 4241'), 'billing.cardNumber')
})

test('the brand comes from the first digits', () => {
  const brands: [string, string][] = [
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2721000000000004', 'other'],
    ['371449635398431', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'other'],
  ]
  assert.equal(brands.map(([number]) => cardBrand(number)), brands.map(([, brand]) => brand))
})

test('a card is good to the end of its expiry month', () => {
  const now = new Date('2025-03-31T23:59:00Z')
  assert.is(expiryRule(3, 2025, now), true)
  assert.is(expiryRule(4, 2025, now), true)
  assert.is(expiryRule(1, 2030, now), true)
  assert.is(expiryRule(2, 2025, now), 'billing.cardExpired')
  assert.is(expiryRule(12, 2024, now), 'billing.cardExpired')
  assert.is(expiryRule(13, 2025, now), 'validation.invalid')
  assert.is(expiryRule(0, 2025, now), 'validation.invalid')
})

test('the input checks every field and keeps no number or code', () => {
  const input = { name: ' Ada ', number: '4242 4242 4242 4242', exp_month: 4, exp_year: 2031, cvc: '1234' }
  const result = check(PaymentMethodInput, input)
  assert.ok(result.ok)
  if (!result.ok) return
  const kept = storedCard(result.value)
  assert.equal(kept, { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031, name: 'Ada' })
  assert.not.ok(JSON.stringify(kept).includes('1234'))
  const bad = check(PaymentMethodInput, { name: '', number: '4242', exp_month: 4, exp_year: 2031, cvc: 'abc' })
  assert.equal(bad.ok ? {} : bad.errors, { name: 'validation.required', number: 'billing.cardNumber', cvc: 'billing.cvc' })
})

test('usage is a share of the limit, warning from 80 percent and full at the limit', () => {
  assert.equal([usagePercent(0, 10), usagePercent(4, 10), usagePercent(1, 3), usagePercent(15, 10), usagePercent(1, 0), usagePercent(0, 0)], [0, 40, 33.3, 100, 100, 0])
  assert.equal([usageLevel(7, 10), usageLevel(8, 10), usageLevel(9, 10), usageLevel(10, 10), usageLevel(12, 10)], ['ok', 'warning', 'warning', 'full', 'full'])
  assert.equal(usageBars({ devices: 40, tunnels: 14, traffic_bytes: 450e9 }, { devices: 50, tunnels: 20, traffic_bytes: 500e9 }), [
    { key: 'devices', used: 40, limit: 50, percent: 80, level: 'warning' },
    { key: 'tunnels', used: 14, limit: 20, percent: 70, level: 'ok' },
    { key: 'traffic_bytes', used: 450e9, limit: 500e9, percent: 90, level: 'warning' },
  ])
  assert.equal(excessOver({ devices: 22, tunnels: 8, traffic_bytes: 0 }, { devices: 10, tunnels: 5, traffic_bytes: 1 }), { devices: 12, tunnels: 3 })
  assert.equal(excessOver({ devices: 2, tunnels: 8, traffic_bytes: 0 }, { devices: 10, tunnels: 10, traffic_bytes: 1 }), { devices: 0, tunnels: 0 })
})

test('money is US dollars with $, grouped by thousands', () => {
  assert.equal(
    [0, 5, 4900, 123400, 100000000, -500, 99999].map(formatMoney),
    ['$0.00', '$0.05', '$49.00', '$1,234.00', '$1,000,000.00', '-$5.00', '$999.99'],
  )
})

const GB = 1_000_000_000

test('an invoice bills the whole GB past what its plans included, the part of a GB not at all', () => {
  assert.equal([overageGb(534.075 * GB, 500 * GB), overageGb(534.999 * GB, 500 * GB), overageGb(500.9 * GB, 500 * GB), overageGb(499 * GB, 500 * GB)], [34, 34, 0, 0])
  // A month on two plans includes a prorated share of each, counted up to the next whole GB.
  assert.is(overageGb(345 * GB + 6912, (5 * GB * 10) / 31 + (500 * GB * 21) / 31), 4)
})

test('a 534 GB month on the 500 GB plan bills 34 GB past it, and its lines agree', () => {
  const lines = invoiceLines('2031-03', wholeMonth('2031-03', 'team'), { devices: 3, tunnels: 1, traffic_bytes: 534 * GB + 75_000_000 })
  const overage = lines.find((line) => line.kind === 'overage')
  const traffic = lines.find((line) => line.kind === 'traffic')!
  assert.equal(overage, { kind: 'overage', quantity: 34, unit_cents: 10, amount_cents: 340, included_gb: 500 })
  assert.is(overage!.quantity * overage!.unit_cents, overage!.amount_cents)
  assert.is(wholeGb(traffic.quantity) - overage!.included_gb!, overage!.quantity)
})

test.run()
