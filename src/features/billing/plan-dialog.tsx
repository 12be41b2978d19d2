import { useState } from 'react'
import { OVERAGE_CENTS_PER_GB, formatMoney, planOf, type Billing, type PlanName } from '../../contract/billing'
import { formatBytes } from '../../ui/numbers'
import { messageText } from '../../lib/i18n'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { ChoiceGroup } from '../../ui/choice-group'
import { Dialog } from '../../ui/dialog'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { useT } from '../../ui/use-t'
import { changePlan } from './billing-api'
import s from './billing.module.css'

export interface PlanDialogProps {
  billing: Billing
  onClose: () => void
  /** The billing after the change, or as it is now after a stale one. */
  onChanged: (billing: Billing, changed: boolean) => void
}

/** Picks a plan, then asks to confirm it; the server's refusal (a fleet too big for it) shows here. */
export function PlanDialog({ billing, onClose, onChanged }: PlanDialogProps) {
  const t = useT()
  const [choice, setChoice] = useState<PlanName>(billing.plan)
  const [step, setStep] = useState<'choose' | 'confirm'>('choose')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const chosen = planOf(choice)
  const name = t(`billing.planName.${chosen.name}`)
  const limits = { devices: chosen.limits.devices, tunnels: chosen.limits.tunnels, traffic: formatBytes(chosen.limits.traffic_bytes) }
  const overage = formatMoney(OVERAGE_CENTS_PER_GB)

  const confirm = async () => {
    setBusy(true)
    const result = await changePlan(choice, billing.version)
    setBusy(false)
    if (result.ok) return onChanged(result.data, true)
    setRefusal(result.message)
    setStep('choose')
    const current = result.status === 409 && result.body && typeof result.body === 'object' ? (result.body as { current?: Billing }).current : undefined
    if (current) onChanged(current, false)
  }

  return (
    <Dialog open onClose={onClose} title={step === 'choose' ? t('billing.changeTitle') : t('billing.confirmTitle', { plan: name })} closeLabel={t('record.cancel')} width={520}>
      <DialogBody>
        {refusal && <Banner variant="error">{messageText(refusal)}</Banner>}
        {step === 'choose' ? (
          <ChoiceGroup
            legend={t('billing.planChoice')}
            name="plan"
            value={choice}
            onChange={(value) => {
              setChoice(value)
              setRefusal(null)
            }}
            choices={billing.plans.map((plan) => ({
              value: plan.name,
              label: `${t(`billing.planName.${plan.name}`)} · ${formatMoney(plan.price_cents)} · ${t('billing.planLimits', {
                devices: plan.limits.devices,
                tunnels: plan.limits.tunnels,
                traffic: formatBytes(plan.limits.traffic_bytes),
              })}, ${t('billing.overageThen', { price: overage })}${plan.name === billing.plan ? ` (${t('billing.current')})` : ''}`,
            }))}
          />
        ) : (
          <>
            <p className={s.text}>{t('billing.confirmText', { plan: name, price: formatMoney(chosen.price_cents), ...limits })}</p>
            <p className={s.text}>{t('billing.overageRate', { traffic: limits.traffic, price: overage })}</p>
          </>
        )}
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={step === 'choose' ? onClose : () => setStep('choose')}>
          {step === 'choose' ? t('record.cancel') : t('billing.previous')}
        </Button>
        {step === 'choose' ? (
          <Button disabled={choice === billing.plan} onClick={() => setStep('confirm')}>
            {t('billing.changePlan')}
          </Button>
        ) : (
          <Button busy={busy} onClick={() => void confirm()} data-autofocus>
            {t('billing.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
