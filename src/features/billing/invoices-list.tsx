import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { formatMoney, type Invoice } from '../../contract/billing'
import type { BaseRecord } from '../../contract/collections'
import { $locale } from '../../stores/locale'
import { Badge } from '../../ui/badge'
import { ListView, type Column } from '../../ui/list/list-view'
import { useCollectionList } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import { INVOICE_LIST, listInvoices } from './billing-api'
import { dayName, monthName } from './format'
import s from './billing.module.css'

type InvoiceRow = Invoice & BaseRecord

export const invoiceHref = (id: string) => `/billing?invoice=${encodeURIComponent(id)}`

/** The invoices of past months on the list kit, newest first; each opens its printable view. */
export function InvoicesList() {
  const t = useT()
  const locale = useStore($locale)
  // A plan change is a change of the organization: the list reads again, as a new month's invoice may follow it.
  const list = useCollectionList<InvoiceRow>({ collection: 'organizations', list: listInvoices, defaults: INVOICE_LIST })
  const columns: Column<InvoiceRow>[] = [
    {
      key: 'period',
      label: t('billing.period'),
      sort: 'period',
      render: (row) => (
        <Link href={invoiceHref(row.id)} className={s.strong} aria-label={t('billing.viewOf', { period: monthName(row.period, locale) })}>
          {monthName(row.period, locale)}
        </Link>
      ),
    },
    { key: 'plan', label: t('billing.plan'), priority: 'low', render: (row) => t(`billing.planName.${row.plan}`) },
    { key: 'issued', label: t('billing.issued'), priority: 'low', render: (row) => dayName(row.issued_at, locale) },
    { key: 'amount', label: t('billing.amount'), sort: 'amount_cents', align: 'end', render: (row) => <span className={s.money}>{formatMoney(row.amount_cents)}</span> },
    {
      key: 'status',
      label: t('billing.status'),
      sort: 'status',
      render: (row) => <Badge tone={row.status === 'paid' ? 'success' : 'warning'}>{t(`billing.statusName.${row.status}`)}</Badge>,
    },
  ]
  return (
    <section className={s.invoices} aria-labelledby="billing-invoices">
      <h2 id="billing-invoices" className={s.cardTitle}>
        {t('billing.invoices')}
      </h2>
      <ListView
        caption={t('billing.invoices')}
        columns={columns}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('billing.invoicesSearch')}
        empty={<p>{t('billing.noInvoices')}</p>}
      />
    </section>
  )
}
