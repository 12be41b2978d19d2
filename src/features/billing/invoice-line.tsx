import { formatMoney, type InvoiceLine, type PlanName } from '../../contract/billing'
import { formatGb } from '../../ui/numbers'
import { useT } from '../../ui/use-t'
import { dayName } from './format'
import s from './invoice.module.css'

/** Traffic and its overage in the whole GB the invoice bills, so the one subtracts to the other. */
const quantityOf = (line: InvoiceLine) =>
  line.kind === 'traffic' ? formatGb(line.quantity) : line.kind === 'overage' ? `${line.quantity.toLocaleString('en')} GB` : line.quantity.toLocaleString('en')

/**
 * One row of an invoice. A plan's fee says which days it covers and how many of the month's; an
 * invoice issued before plans were kept by day has a single plan line, the invoice's plan.
 */
export function InvoiceLineRow({ line, plan, locale }: { line: InvoiceLine; plan: PlanName; locale: string }) {
  const t = useT()
  const prorated = line.kind === 'plan' && line.month_days !== undefined
  return (
    <tr>
      <td>
        {line.kind === 'overage' && line.included_gb !== undefined
          ? t('billing.line.overageOf', { included: `${line.included_gb.toLocaleString('en')} GB` })
          : t(`billing.line.${line.kind}`, { plan: t(`billing.planName.${line.plan ?? plan}`) })}
        {prorated && line.from && line.to && (
          <span className={s.span}>{t('billing.line.span', { from: dayName(line.from, locale), to: dayName(line.to, locale) })}</span>
        )}
      </td>
      <td className={s.end}>
        <bdi>{prorated ? t('billing.line.days', { days: line.quantity, total: line.month_days }) : quantityOf(line)}</bdi>
      </td>
      <td className={s.end}>{prorated ? t('billing.perMonth', { price: formatMoney(line.unit_cents) }) : formatMoney(line.unit_cents)}</td>
      <td className={s.end}>{formatMoney(line.amount_cents)}</td>
    </tr>
  )
}
