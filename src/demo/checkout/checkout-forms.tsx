import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { addressErrors, maskExpiry, paymentErrors, type CheckoutStore } from './checkout'
import s from './checkout-screen.module.css'
import './texts'

/** The address step: six required fields and two optional ones; Next moves on once they pass. */
export function AddressStep({ checkout }: { checkout: CheckoutStore }) {
  const t = useT()
  const form = useForm(checkout.$checkout.get().address, addressErrors, (values) => {
    checkout.keep('address', values)
    checkout.next()
  })
  const label = (name: string) => t(`demo-checkout.fields.${name}`)
  return (
    <form className={s.form} noValidate onSubmit={form.submit}>
      <div className={s.fields}>
        <TextField label={label('firstName')} autoComplete="given-name" {...form.text('firstName')} />
        <TextField label={label('lastName')} autoComplete="family-name" {...form.text('lastName')} />
        <TextField label={label('address1')} autoComplete="address-line1" className={s.wide} {...form.text('address1')} />
        <TextField label={label('address2')} autoComplete="address-line2" className={s.wide} {...form.text('address2')} />
        <TextField label={label('city')} autoComplete="address-level2" {...form.text('city')} />
        <TextField label={label('state')} autoComplete="address-level1" {...form.text('state')} />
        <TextField label={label('zip')} autoComplete="postal-code" {...form.text('zip')} />
        <TextField label={label('country')} autoComplete="country-name" {...form.text('country')} />
      </div>
      <div className={s.actions}>
        <Button type="submit" variant="primary">
          {t('demo-checkout.next')}
        </Button>
      </div>
    </form>
  )
}

/** The payment step: every field required and checked; Back keeps what was typed, checked or not. */
export function PaymentStep({ checkout }: { checkout: CheckoutStore }) {
  const t = useT()
  const form = useForm(
    checkout.$checkout.get().payment,
    (values) => paymentErrors(values, new Date()),
    (values) => {
      checkout.keep('payment', values)
      checkout.next()
    },
  )
  const label = (name: string) => t(`demo-checkout.fields.${name}`)
  const expiry = form.text('expDate')
  return (
    <form className={s.form} noValidate onSubmit={form.submit}>
      <div className={s.fields}>
        <TextField label={label('cardName')} autoComplete="cc-name" className={s.wide} {...form.text('cardName')} />
        <TextField label={label('cardNumber')} autoComplete="cc-number" inputMode="numeric" className={s.wide} {...form.text('cardNumber')} />
        <TextField
          label={label('expDate')}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t('demo-checkout.expPlaceholder')}
          {...expiry}
          onChange={(text) => expiry.onChange(maskExpiry(text))}
        />
        <TextField label={label('cvv')} autoComplete="cc-csc" inputMode="numeric" {...form.text('cvv')} />
      </div>
      <div className={s.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            checkout.keep('payment', form.values)
            checkout.back()
          }}
        >
          {t('demo-checkout.back')}
        </Button>
        <Button type="submit" variant="primary">
          {t('demo-checkout.next')}
        </Button>
      </div>
    </form>
  )
}
