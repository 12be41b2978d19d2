import { useState } from 'react'
import { PaymentMethodInput, cardBrand, expiryErrors, type Billing } from '../../contract/billing'
import { check } from '../../contract/validation'
import { messageText } from '../../lib/i18n'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { TextField } from '../../ui/fields'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { Select } from '../../ui/select'
import { errorsOf, useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { savePaymentMethod } from './billing-api'
import s from './billing.module.css'

export type CardValues = { name: string; number: string; exp_month: string; exp_year: string; cvc: string }

const EMPTY: CardValues = { name: '', number: '', exp_month: '', exp_year: '', cvc: '' }

export const toCardInput = (values: CardValues) => ({
  name: values.name,
  number: values.number,
  exp_month: values.exp_month === '' ? null : Number(values.exp_month),
  exp_year: values.exp_year === '' ? null : Number(values.exp_year),
  cvc: values.cvc,
})

/** The rules the server applies, so most mistakes show before anything is sent. */
export function cardErrors(values: CardValues, now: Date): FormErrors {
  const input = toCardInput(values)
  const errors = errorsOf(check(PaymentMethodInput, input))
  if (errors.exp_month || errors.exp_year || input.exp_month === null || input.exp_year === null) return errors
  return { ...expiryErrors({ exp_month: input.exp_month, exp_year: input.exp_year }, now), ...errors }
}

/** The card form: the number and the code go to the server once and are never kept, here or there. */
export function PaymentForm({ onClose, onSaved }: { onClose: () => void; onSaved: (billing: Billing) => void }) {
  const t = useT()
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm<CardValues>(EMPTY, (values) => cardErrors(values, new Date()), async (values) => {
    setSaving(true)
    setRefusal(null)
    const result = await savePaymentMethod(toCardInput(values) as PaymentMethodInput)
    setSaving(false)
    if (result.ok) return onSaved(result.data)
    form.setServerErrors(result.errors)
    if (!result.errors) setRefusal(result.message)
  })
  const year = new Date().getUTCFullYear()
  const months = [{ value: '', label: '—' }, ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') }))]
  const years = [{ value: '', label: '—' }, ...Array.from({ length: 16 }, (_, i) => ({ value: String(year + i), label: String(year + i) }))]
  const brand = form.values.number.replace(/\D/g, '').length >= 2 ? cardBrand(form.values.number) : null

  return (
    <Dialog open onClose={onClose} title={t('billing.cardTitle')} closeLabel={t('record.cancel')} width={480}>
      <form noValidate onSubmit={form.submit} autoComplete="off">
        <DialogBody>
          {refusal && <Banner variant="error">{messageText(refusal)}</Banner>}
          <TextField label={t('billing.cardName')} maxLength={120} autoComplete="cc-name" required {...form.text('name')} />
          <div className={s.numberRow}>
            <TextField label={t('billing.cardNumberLabel')} inputMode="numeric" maxLength={40} autoComplete="cc-number" dir="ltr" required {...form.text('number')} />
            {brand && <span className={s.brandHint}>{t(`billing.brand.${brand}`)}</span>}
          </div>
          <div className={s.formRow}>
            <Select label={t('billing.expMonth')} options={months} {...form.text('exp_month')} />
            <Select label={t('billing.expYear')} options={years} {...form.text('exp_year')} />
            <TextField label={t('billing.cvcLabel')} inputMode="numeric" maxLength={4} autoComplete="cc-csc" dir="ltr" required {...form.text('cvc')} />
          </div>
          <p className={s.note}>{t('billing.cardHint')}</p>
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('record.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('billing.saveCard')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
