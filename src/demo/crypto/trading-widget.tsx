import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { TextField } from '../../ui/fields'
import { Select } from '../../ui/select'
import { ToggleGroup } from '../../ui/toggle-group'
import { useT } from '../../ui/use-t'
import { COINS, coinOf, isCoinSymbol, type CoinSymbol } from './coins'
import { priceText, readPositive, SIDES, tradeTotalCents, type Side } from './trade'
import { useMoney } from './use-money'
import './texts'
import s from './crypto.module.css'

/**
 * The crypto trading widget: pick a coin, buy or sell, say how many at what price; the total is
 * amount times price in whole cents. Placing the order only says what it would have done.
 */
export function TradingWidget({ initial = 'BTC' }: { initial?: CoinSymbol }) {
  const t = useT()
  const id = useId()
  const money = useMoney()
  const [symbol, setSymbol] = useState<CoinSymbol>(initial)
  const [side, setSide] = useState<Side>('buy')
  const [amountText, setAmountText] = useState('1')
  const [priceTextValue, setPriceText] = useState(() => priceText(coinOf(initial).price))
  const [tried, setTried] = useState(false)
  const [placed, setPlaced] = useState('')
  const amount = readPositive(amountText)
  const price = readPositive(priceTextValue)
  const total = amount !== null && price !== null ? tradeTotalCents(amount, price) : 0
  const pick = (value: string) => {
    if (!isCoinSymbol(value)) return
    setSymbol(value)
    // A new coin starts from its own market price.
    setPriceText(priceText(coinOf(value).price))
    setPlaced('')
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    setPlaced(amount === null || price === null ? '' : t(`demo-crypto.trade.placed.${side}`, { amount: money.amount(amount), symbol, price: money.price(price), total: money.cents(total) }))
  }
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-crypto.trade.title')}
      </h2>
      <form className={s.trade} onSubmit={submit} noValidate>
        <Select label={t('demo-crypto.trade.coin')} name="coin" value={symbol} onChange={pick} options={COINS.map((coin) => ({ value: coin.symbol, label: `${coin.name} (${coin.symbol})` }))} />
        <ToggleGroup label={t('demo-crypto.trade.side')} choices={SIDES.map((value) => ({ value, label: t(`demo-crypto.trade.${value}`) }))} value={side} onChange={setSide} />
        <TextField
          label={t('demo-crypto.trade.amount', { symbol })}
          name="amount"
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={amountText}
          onChange={setAmountText}
          error={tried && amount === null ? t('demo-crypto.trade.amountError') : undefined}
        />
        <TextField
          label={t('demo-crypto.trade.price')}
          name="price"
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={priceTextValue}
          onChange={setPriceText}
          error={tried && price === null ? t('demo-crypto.trade.priceError') : undefined}
        />
        <p className={s.total}>
          <span id={`${id}-total`}>{t('demo-crypto.trade.total')}</span> <output aria-labelledby={`${id}-total`}>{money.cents(total)}</output>
        </p>
        <Button type="submit">{t(`demo-crypto.trade.submit.${side}`, { symbol })}</Button>
        <p role="status" className={card.muted}>
          {placed}
        </p>
      </form>
    </section>
  )
}
