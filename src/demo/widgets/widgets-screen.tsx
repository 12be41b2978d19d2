import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $locale } from '../../stores/locale'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { MarketplaceTable } from '../crypto/marketplace-table'
import { TradingWidget } from '../crypto/trading-widget'
import { Carousel } from './carousel'
import { ClockWidget } from './clock-widget'
import { CounterTile } from './counter'
import { MonthCalendar } from './month-calendar'
import { Rating } from './rating'
import { SampleData } from '../sample-data'
import './texts'
import s from './widgets-screen.module.css'

/** The made-up figures the counters run up to. */
export const COUNTERS = [
  { key: 'devices', value: 1284 },
  { key: 'tunnels', value: 342 },
  { key: 'alerts', value: 97 },
  { key: 'sites', value: 18 },
] as const

/** The widgets page: counters, the crypto trading widget and marketplace, a calendar, a clock, a carousel and a rating. */
export default function WidgetsScreen() {
  const t = useT()
  const locale = useStore($locale)
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale])
  return (
    <div className={s.page}>
      <SampleData />
      <p className={card.muted}>{t('demo-widgets.intro')}</p>
      <section aria-label={t('demo-widgets.counters')} className={s.counters}>
        {COUNTERS.map(({ key, value }) => (
          <CounterTile key={key} label={t(`demo-widgets.counter.${key}`)} value={value} format={number.format} />
        ))}
      </section>
      <div className={s.grid}>
        <Carousel />
        <TradingWidget />
        <MonthCalendar />
        <ClockWidget />
        <Rating />
      </div>
      <MarketplaceTable />
    </div>
  )
}
