import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { formatMoney, type Invoice } from '../../contract/billing'
import type { Result } from '../../api/client'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import { $session } from '../../stores/session'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { useT } from '../../ui/use-t'
import { getInvoice } from './billing-api'
import { dayName, monthName } from './format'
import { InvoiceLineRow } from './invoice-line'
import s from './invoice.module.css'

/** One invoice as a printable sheet: printing shows the sheet alone, without the console around it. */
export function InvoiceView({ id }: { id: string }) {
  const t = useT()
  const locale = useStore($locale)
  const organization = useStore($session).user?.organization?.name ?? ''
  const [result, setResult] = useState<Result<Invoice> | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    setResult(null)
    void getInvoice(id, controller.signal).then((answer) => controller.signal.aborted || setResult(answer))
    return () => controller.abort()
  }, [id])

  if (!result) return <Spinner />
  if (!result.ok)
    return (
      <div className={s.wrap}>
        <Banner variant="error">{messageText(result.message)}</Banner>
        <Link href="/billing">{t('billing.back')}</Link>
      </div>
    )
  const invoice = result.data
  const month = monthName(invoice.period, locale)
  return (
    <div className={s.wrap}>
      <div className={s.tools}>
        <Link href="/billing">{t('billing.back')}</Link>
        <Button onClick={() => window.print()}>{t('billing.print')}</Button>
      </div>
      <article className={s.sheet} aria-labelledby="invoice-title">
        <header className={s.head}>
          <h2 id="invoice-title" className={s.title}>
            {t('billing.invoiceTitle', { period: month })}
          </h2>
          <dl className={s.facts}>
            <dt>{t('billing.invoiceNumber')}</dt>
            <dd dir="ltr">{invoice.id.slice(0, 8).toUpperCase()}</dd>
            <dt>{t('billing.issued')}</dt>
            <dd>{dayName(invoice.issued_at, locale)}</dd>
            <dt>{t('billing.billedTo')}</dt>
            <dd>{organization}</dd>
            <dt>{t('billing.status')}</dt>
            <dd>{t(`billing.statusName.${invoice.status}`)}</dd>
          </dl>
        </header>
        <table className={s.lines}>
          <caption className="visually-hidden">{t('billing.invoiceTitle', { period: month })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('billing.description')}</th>
              <th scope="col" className={s.end}>
                {t('billing.quantity')}
              </th>
              <th scope="col" className={s.end}>
                {t('billing.unitPrice')}
              </th>
              <th scope="col" className={s.end}>
                {t('billing.lineAmount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <InvoiceLineRow key={index} line={line} plan={invoice.plan} locale={locale} />
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('billing.total')} ({invoice.currency})
              </th>
              <td className={s.end}>{formatMoney(invoice.amount_cents)}</td>
            </tr>
          </tfoot>
        </table>
      </article>
    </div>
  )
}
