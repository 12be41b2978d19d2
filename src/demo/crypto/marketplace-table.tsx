import { clsx } from 'clsx'
import { useId, useState } from 'react'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { COINS } from './coins'
import { MARKET_COLUMNS, nextMarketSort, sortMarket, type MarketColumn, type MarketRow, type MarketSort } from './market'
import { useMoney } from './use-money'
import './texts'
import s from './crypto.module.css'

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/** The marketplace: every coin's price, change and volume; a column's first click sorts it descending, a repeat toggles. */
export function MarketplaceTable({ rows = COINS }: { rows?: readonly MarketRow[] }) {
  const t = useT()
  const id = useId()
  const money = useMoney()
  const [sort, setSort] = useState<MarketSort | null>(null)
  const sortOf = (column: MarketColumn) => (sort?.by === column ? ARIA_SORT[sort.order] : undefined)
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-crypto.market.title')}
      </h2>
      <div className={s.scroll}>
        <table className={s.table}>
          <caption className="visually-hidden">{t('demo-crypto.market.caption')}</caption>
          <thead>
            <tr>
              {MARKET_COLUMNS.map((column) => (
                <th key={column} scope="col" aria-sort={sortOf(column)} className={column === 'name' ? undefined : s.number}>
                  <button type="button" className={s.sort} onClick={() => setSort((old) => nextMarketSort(old, column))}>
                    {t(`demo-crypto.market.${column}`)}
                    {sort?.by === column && <Icon name={sort.order === 'desc' ? 'chevron-down' : 'chevron-up'} size={16} />}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sortMarket(rows, sort).map((row) => (
              <tr key={row.symbol}>
                <th scope="row">
                  <span className={s.symbol}>{row.symbol}</span> {row.name}
                </th>
                <td className={s.number}>{money.price(row.price)}</td>
                <td className={clsx(s.number, row.change >= 0 ? s.up : s.down)}>{money.change(row.change)}</td>
                <td className={s.number}>{money.compact(row.volume)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
