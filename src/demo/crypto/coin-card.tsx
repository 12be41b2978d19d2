import { clsx } from 'clsx'
import { useId } from 'react'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import type { Coin } from './coins'
import { Sparkline } from './sparkline'
import type { Money } from './use-money'
import './texts'
import s from './crypto.module.css'

/** A coin card: its name and symbol, its price, its change over a day and that day as a line. */
export function CoinCard({ coin, money }: { coin: Coin; money: Money }) {
  const t = useT()
  const id = useId()
  const rising = coin.change >= 0
  return (
    <article className={clsx(card.card, s.coin)} aria-labelledby={id}>
      <h3 id={id} className={s.coinName}>
        <span className={s.symbol}>{coin.symbol}</span> {coin.name}
      </h3>
      <p className={s.coinPrice}>{money.price(coin.price)}</p>
      <p className={clsx(s.change, rising ? s.up : s.down)}>
        <span aria-hidden="true">{rising ? '▲' : '▼'}</span> {t('demo-crypto.card.change', { change: money.change(coin.change) })}
      </p>
      <Sparkline values={coin.series} className={clsx(s.spark, rising ? s.up : s.down)} />
    </article>
  )
}
