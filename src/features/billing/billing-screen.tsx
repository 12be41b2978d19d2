import { useEffect, useState } from 'react'
import { useSearchParams } from 'wouter'
import type { Billing } from '../../contract/billing'
import type { Result } from '../../api/client'
import { messageText } from '../../lib/i18n'
import { live } from '../../stores/live'
import { shelfOf } from '../../stores/kept'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { getBilling } from './billing-api'
import { InvoiceView } from './invoice-view'
import { InvoicesList } from './invoices-list'
import { PaymentCard } from './payment-card'
import { PlanCard } from './plan-card'
import { PlanDialog } from './plan-dialog'
import './texts'
import s from './billing.module.css'

/** Reads the billing again this long after the first of a burst of changes. */
const RELOAD_DELAY_MS = 400

/** The collections whose changes move what billing shows (`alerts` carries the mutes, `users` the invitations). */
const RELOADS = ['devices', 'tunnels', 'organizations', 'alert_rules', 'webhooks', 'views', 'access_keys', 'app_ids', 'roles', 'users', 'alerts']

/** The name the last billing answer is kept under in the browser. */
const KEPT_BILLING = 'billing'

/**
 * Billing: the plan with its usage against each limit, a plan change, the card on record and the
 * invoices of past months; `?invoice=<id>` shows one invoice as a printable sheet.
 */
export default function BillingScreen() {
  const t = useT()
  const [params] = useSearchParams()
  const invoice = params.get('invoice')
  // The plan as last read shows at once on the next visit, and stays while the link is down.
  const [result, setResult] = useState<Result<Billing> | null>(() => {
    const { kept } = shelfOf<Billing>(KEPT_BILLING)
    return kept ? { ok: true, status: 200, data: kept.value } : null
  })
  const [round, setRound] = useState(0)
  const [changing, setChanging] = useState(false)

  useEffect(() => {
    if (invoice) return
    const controller = new AbortController()
    const shelf = shelfOf<Billing>(KEPT_BILLING)
    void getBilling(controller.signal).then((answer) => {
      if (controller.signal.aborted) return
      if (answer.ok) shelf.keep(answer.data)
      setResult((old) => (!answer.ok && answer.status === 0 && old?.ok ? old : answer))
    })
    return () => controller.abort()
  }, [round, invoice])

  // Usage follows the organization: devices, tunnels and the capped collections made or removed anywhere move the bars and rows.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = live.listen((event) => {
      const relevant = event.type === 'reset' || (event.type === 'change' && RELOADS.includes(event.data.collection))
      if (relevant) timer ??= setTimeout(() => ((timer = undefined), setRound((n) => n + 1)), RELOAD_DELAY_MS)
    })
    return () => {
      stop()
      clearTimeout(timer)
    }
  }, [])

  if (invoice) return <InvoiceView id={invoice} />
  if (!result) return <Spinner />
  if (!result.ok)
    return (
      <Banner variant="error">
        {messageText(result.message)}{' '}
        <Button variant="text" onClick={() => setRound((n) => n + 1)}>
          {t('billing.retry')}
        </Button>
      </Banner>
    )
  const billing = result.data
  const update = (next: Billing) => {
    shelfOf<Billing>(KEPT_BILLING).keep(next)
    setResult({ ok: true, status: 200, data: next })
  }
  return (
    <section className={s.screen} aria-label={t('billing.title')}>
      <div className={s.cards}>
        <PlanCard billing={billing} onChange={() => setChanging(true)} />
        <PaymentCard billing={billing} onChanged={update} />
      </div>
      <InvoicesList />
      {changing && (
        <PlanDialog
          billing={billing}
          onClose={() => setChanging(false)}
          onChanged={(next, changed) => {
            update(next)
            if (!changed) return
            setChanging(false)
            notify('success', t('billing.planChanged', { plan: t(`billing.planName.${next.plan}`) }))
          }}
        />
      )}
    </section>
  )
}
