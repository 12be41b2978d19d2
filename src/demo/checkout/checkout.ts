import { map } from 'nanostores'
import type { FormErrors } from '../../ui/use-form'
import type { CartStore } from '../shop/cart'

/** The checkout's steps, in order. */
export const STEPS = ['address', 'payment', 'review'] as const
export type Step = (typeof STEPS)[number]

/** The step after `step`; the review is the last. */
export const nextStep = (step: Step): Step => STEPS[Math.min(STEPS.indexOf(step) + 1, STEPS.length - 1)]!
/** The step before `step`; the address is the first. */
export const previousStep = (step: Step): Step => STEPS[Math.max(STEPS.indexOf(step) - 1, 0)]!

/** The checkout's address form. */
export type AddressForm = {
  firstName: string
  lastName: string
  address1: string
  address2: string
  city: string
  state: string
  zip: string
  country: string
}

/** The checkout's payment form. */
export type PaymentForm = { cardName: string; cardNumber: string; expDate: string; cvv: string }

export const EMPTY_ADDRESS: AddressForm = { firstName: '', lastName: '', address1: '', address2: '', city: '', state: '', zip: '', country: '' }
export const EMPTY_PAYMENT: PaymentForm = { cardName: '', cardNumber: '', expDate: '', cvv: '' }

/** The address fields an order needs; address2 and state are optional. */
export const ADDRESS_REQUIRED = ['firstName', 'lastName', 'address1', 'city', 'zip', 'country'] as const
/** Every payment field is required. */
export const PAYMENT_REQUIRED = ['cardName', 'cardNumber', 'expDate', 'cvv'] as const

/** The longest a typed text may be: no name or address line is longer. */
export const TEXT_MAX = 120

/** Required when blank, too long past `TEXT_MAX`, for each field named. */
function textErrors<V extends Record<string, string>>(values: V, required: readonly (keyof V & string)[]): FormErrors {
  const errors: FormErrors = {}
  for (const [name, value] of Object.entries(values)) {
    if (required.includes(name) && !value.trim()) errors[name] = 'validation.required'
    else if (value.length > TEXT_MAX) errors[name] = 'validation.tooLong'
  }
  return errors
}

/** The address form's errors: its six required fields, and no text past the limit. */
export const addressErrors = (values: AddressForm): FormErrors => textErrors(values, ADDRESS_REQUIRED)

/** A card number's digits, with the spaces and dashes people type between groups left out. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '')

/** An expiry as typed, as MM/YY: digits only, at most four, a slash after the month. */
export function maskExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** The month and full year of an MM/YY expiry, or null when it is not one. */
export function readExpiry(text: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(text.trim())
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null
}

/**
 * The payment form's errors: all four required; a card number of 12 to 19 digits; an MM/YY expiry
 * not before this month (a card is good to the end of its month); a CVV of 3 or 4 digits.
 */
export function paymentErrors(values: PaymentForm, now: Date): FormErrors {
  const errors = textErrors(values, PAYMENT_REQUIRED)
  const { cardNumber, expDate, cvv } = values
  if (!errors.cardNumber && !/^\d{12,19}$/.test(cardDigits(cardNumber))) errors.cardNumber = 'demo-checkout.errors.cardNumber'
  if (!errors.expDate) {
    const expiry = readExpiry(expDate)
    if (!expiry) errors.expDate = 'demo-checkout.errors.expDate'
    else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1) errors.expDate = 'demo-checkout.errors.expired'
  }
  if (!errors.cvv && !/^\d{3,4}$/.test(cvv.trim())) errors.cvv = 'demo-checkout.errors.cvv'
  return errors
}

/** A made-up order number: EL- and eight digits. */
export const orderNumber = (random: () => number = Math.random) => `EL-${String(Math.floor(random() * 1e8)).padStart(8, '0')}`

export interface CheckoutState {
  step: Step
  address: AddressForm
  payment: PaymentForm
}

const START: CheckoutState = { step: 'address', address: EMPTY_ADDRESS, payment: EMPTY_PAYMENT }

/**
 * The checkout's step and what was typed in its two forms, kept while the steps change (and
 * while the tab visits other pages): Back and Next lose nothing.
 */
export function createCheckout(now: () => Date = () => new Date()) {
  const $checkout = map<CheckoutState>(START)
  const errorsOf = (state: CheckoutState): FormErrors =>
    state.step === 'address' ? addressErrors(state.address) : state.step === 'payment' ? paymentErrors(state.payment, now()) : {}
  return {
    $checkout,
    /** Keeps what was typed in a form, checked or not. */
    keep<P extends 'address' | 'payment'>(part: P, values: CheckoutState[P]): void {
      $checkout.set({ ...$checkout.get(), [part]: { ...values } })
    },
    /** Goes to the next step when the current one's form passes; answers whether it did. */
    next(): boolean {
      const state = $checkout.get()
      if (state.step === 'review' || Object.keys(errorsOf(state)).length) return false
      $checkout.setKey('step', nextStep(state.step))
      return true
    },
    back(): void {
      $checkout.setKey('step', previousStep($checkout.get().step))
    },
    /**
     * Places the order from the review: answers its made-up number, empties the cart and starts
     * the checkout again. Nothing happens on another step or with an empty cart (null).
     */
    place(cart: CartStore, random?: () => number): string | null {
      if ($checkout.get().step !== 'review' || !cart.$cart.get().length) return null
      cart.clear()
      $checkout.set(START)
      return orderNumber(random)
    },
  }
}

export type CheckoutStore = ReturnType<typeof createCheckout>

/** The tab's checkout. */
export const checkout = createCheckout()
