import { useState } from 'react'
import type { Billing } from '../../contract/billing'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { removePaymentMethod } from './billing-api'
import { PaymentForm } from './payment-form'
import s from './billing.module.css'

/** The card on record as the server keeps it (brand, last four, expiry, name), with add, replace and remove. */
export function PaymentCard({ billing, onChanged }: { billing: Billing; onChanged: (billing: Billing) => void }) {
  const t = useT()
  const [editing, setEditing] = useState(false)
  const [removing, setRemoving] = useState(false)
  const [busy, setBusy] = useState(false)
  const card = billing.payment_method

  const remove = async () => {
    setBusy(true)
    const result = await removePaymentMethod()
    setBusy(false)
    setRemoving(false)
    if (!result.ok) return notify('error', messageText(result.message))
    onChanged(result.data)
    notify('success', 'billing.cardRemoved')
  }

  return (
    <section className={s.card} aria-labelledby="billing-card">
      <div className={s.cardHead}>
        <h2 id="billing-card" className={s.cardTitle}>
          {t('billing.paymentCard')}
        </h2>
        <div className={s.actions}>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {card ? t('billing.replaceCard') : t('billing.addCard')}
          </Button>
          {card && (
            <Button variant="text" onClick={() => setRemoving(true)}>
              {t('billing.removeCard')}
            </Button>
          )}
        </div>
      </div>
      {card ? (
        <dl className={s.cardFacts}>
          <dt className="visually-hidden">{t('billing.cardNumberLabel')}</dt>
          <dd className={s.cardLine}>{t('billing.cardLine', { brand: t(`billing.brand.${card.brand}`), last4: card.last4 })}</dd>
          <dt className="visually-hidden">{t('billing.cardName')}</dt>
          <dd>{card.name}</dd>
          <dt className="visually-hidden">{t('billing.expMonth')}</dt>
          <dd className={s.muted}>{t('billing.cardExpires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}</dd>
        </dl>
      ) : (
        <p className={s.muted}>{t('billing.noCard')}</p>
      )}
      {editing && (
        <PaymentForm
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false)
            onChanged(next)
            notify('success', 'billing.cardSaved')
          }}
        />
      )}
      <ConfirmDialog open={removing} title={t('billing.removeTitle')} confirmLabel={t('billing.removeCard')} busy={busy} onConfirm={() => void remove()} onClose={() => setRemoving(false)}>
        <p className={s.text}>{t('billing.removeText')}</p>
      </ConfirmDialog>
    </section>
  )
}
