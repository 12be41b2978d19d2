import { useMemo, useState } from 'react'
import '../../ui/charts/texts'
import { TimeChart } from '../../ui/charts/time-chart'
import { Select } from '../../ui/select'
import { useT } from '../../ui/use-t'
import { CoinCard } from '../crypto/coin-card'
import { COINS, coinOf, HOUR_SECONDS, isCoinSymbol, SERIES_POINTS, seriesTimes, type CoinSymbol } from '../crypto/coins'
import { MarketplaceTable } from '../crypto/marketplace-table'
import { OrderBook } from '../crypto/order-book'
import { TradingWidget } from '../crypto/trading-widget'
import { useMoney } from '../crypto/use-money'
import { SampleData } from '../sample-data'
import './texts'
import s from './crypto-dashboard.module.css'

/** The crypto dashboard: every coin's card, a chosen coin's day as a chart, the order book, the trade form and the marketplace. */
export default function CryptoDashboardScreen() {
  const t = useT()
  const money = useMoney()
  const [symbol, setSymbol] = useState<CoinSymbol>('BTC')
  // The dashboard's moment, fixed as it opens: the chart's last hour counts from it.
  const [now] = useState(() => new Date())
  const times = useMemo(() => seriesTimes(now), [now])
  const coin = coinOf(symbol)
  return (
    <div className={s.page}>
      <SampleData />
      <p className={s.intro}>{t('demo-crypto-dashboard.intro')}</p>
      <section aria-label={t('demo-crypto-dashboard.coins')} className={s.coins}>
        {COINS.map((one) => (
          <CoinCard key={one.symbol} coin={one} money={money} />
        ))}
      </section>
      <div className={s.grid}>
        <div className={s.chart}>
          <Select
            label={t('demo-crypto-dashboard.chartCoin')}
            name="chart-coin"
            value={symbol}
            onChange={(value) => isCoinSymbol(value) && setSymbol(value)}
            options={COINS.map((one) => ({ value: one.symbol, label: `${one.name} (${one.symbol})` }))}
            className={s.pick}
          />
          <TimeChart
            title={t('demo-crypto-dashboard.chartTitle', { name: coin.name, symbol: coin.symbol })}
            times={times}
            series={[{ label: coin.symbol, values: coin.series, tone: coin.change >= 0 ? 'success' : 'error' }]}
            stepSeconds={HOUR_SECONDS}
            spanSeconds={SERIES_POINTS * HOUR_SECONDS}
            format={money.price}
            generatedAt={now.toISOString()}
          />
        </div>
        <TradingWidget />
        <OrderBook />
      </div>
      <MarketplaceTable />
    </div>
  )
}
