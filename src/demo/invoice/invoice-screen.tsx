import { useStore } from '@nanostores/react'
import { useMemo, useState } from 'react'
import { $locale } from '../../stores/locale'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import '../texts'
import { addRow, changeRow, CURRENCY, INVOICE, invoiceTotal, readPrice, readQty, rowAmount, type Invoice, type InvoiceRow } from './invoice'
import s from './invoice-screen.module.css'

/** The template's invoice sheet: its rows are edited in place and the total follows every change. */
export function InvoiceSheet({ invoice = INVOICE }: { invoice?: Invoice }) {
  const t = useT()
  const locale = useStore($locale)
  const money = useMemo(() => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }), [locale])
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }), [locale])
  const [rows, setRows] = useState<InvoiceRow[]>(invoice.dataTable)
  const edit = (id: number, change: Partial<Omit<InvoiceRow, 'id'>>) => setRows((old) => changeRow(old, id, change))
  return (
    <article className={`${card.card} ${s.sheet}`} aria-labelledby="demo-invoice-title">
      <header className={s.top}>
        <div>
          <h2 id="demo-invoice-title" className={s.header}>
            {invoice.header}
          </h2>
          <p className={card.muted}>{invoice.title}</p>
        </div>
        <dl className={s.facts}>
          <dt>{t('demo.invoice.number')}</dt>
          <dd>{invoice.number}</dd>
          <dt>{t('demo.invoice.date')}</dt>
          <dd>{date.format(new Date(invoice.date))}</dd>
          <dt>{t('demo.invoice.status')}</dt>
          <dd className={invoice.paid ? s.paid : s.due}>{t(invoice.paid ? 'demo.invoice.paid' : 'demo.invoice.due')}</dd>
        </dl>
      </header>
      <div className={s.addresses}>
        {(['from', 'to'] as const).map((side) => (
          <section key={side} aria-label={t(`demo.invoice.${side}`)}>
            <h3 className={s.label}>{t(`demo.invoice.${side}`)}</h3>
            <address className={s.address}>
              {invoice.address[side].map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </section>
        ))}
      </div>
      <div className={s.scroll}>
        <table className={s.table}>
          <caption className="visually-hidden">{t('demo.invoice.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('demo.invoice.item')}</th>
              <th scope="col">{t('demo.invoice.desc')}</th>
              <th scope="col" className={s.number}>
                {t('demo.invoice.price')}
              </th>
              <th scope="col" className={s.number}>
                {t('demo.invoice.qty')}
              </th>
              <th scope="col" className={s.number}>
                {t('demo.invoice.amount')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('demo.invoice.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1
              return (
                <tr key={row.id}>
                  <td>
                    <input className={s.input} aria-label={t('demo.invoice.itemOf', { n })} value={row.item} onChange={(event) => edit(row.id, { item: event.target.value })} />
                  </td>
                  <td>
                    <input className={s.input} aria-label={t('demo.invoice.descOf', { n })} value={row.desc} onChange={(event) => edit(row.id, { desc: event.target.value })} />
                  </td>
                  <td className={s.number}>
                    <input
                      className={`${s.input} ${s.numeric}`}
                      type="number"
                      min={0}
                      step="0.01"
                      aria-label={t('demo.invoice.priceOf', { n })}
                      value={row.price}
                      onChange={(event) => edit(row.id, { price: readPrice(event.target.value) })}
                    />
                  </td>
                  <td className={s.number}>
                    <input
                      className={`${s.input} ${s.numeric}`}
                      type="number"
                      min={0}
                      step={1}
                      aria-label={t('demo.invoice.qtyOf', { n })}
                      value={row.qty}
                      onChange={(event) => edit(row.id, { qty: readQty(event.target.value) })}
                    />
                  </td>
                  <td className={s.number}>{money.format(rowAmount(row))}</td>
                  <td>
                    <button type="button" className={s.remove} aria-label={t('demo.invoice.removeRow', { n })} onClick={() => setRows((old) => old.filter((one) => one.id !== row.id))}>
                      <Icon name="close" size={18} />
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4} className={s.number}>
                {t('demo.invoice.total')}
              </th>
              <td className={`${s.number} ${s.total}`} aria-live="polite">
                {money.format(invoiceTotal(rows))}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className={s.actions}>
        <Button onClick={() => setRows((old) => addRow(old))}>{t('demo.invoice.addRow')}</Button>
        <Button onClick={() => window.print()}>{t('demo.invoice.print')}</Button>
      </div>
      <p className={card.muted}>{invoice.note}</p>
    </article>
  )
}

/** The demo invoice page. */
export default function InvoiceScreen() {
  const t = useT()
  return (
    <div className={s.page}>
      <p className={card.muted}>{t('demo.invoice.intro')}</p>
      <InvoiceSheet />
    </div>
  )
}
