import { useId } from 'react'
import { Age } from '../../ui/age'
import { Avatar } from '../../ui/avatar'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { stageShares, topCustomers, type Activity, type Customer, type PipelineStage } from './crm'
import s from './crm-dashboard.module.css'

type Format = (value: number) => string

/** The deals pipeline: each stage's deals and their worth, with a bar as long as its share of the largest. */
export function Pipeline({ stages, money, count }: { stages: readonly PipelineStage[]; money: Format; count: Format }) {
  const t = useT()
  const id = useId()
  const shares = stageShares(stages)
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-crm-dashboard.pipeline.title')}
      </h2>
      <ol className={s.pipeline}>
        {stages.map((one, i) => (
          <li key={one.stage} className={s.stage}>
            <span className={s.stageName}>{t(`demo-crm-dashboard.pipeline.${one.stage}`)}</span>
            <span className={s.stageFigures}>
              {t('demo-crm-dashboard.pipeline.deals', { n: count(one.deals), value: money(one.value) })}
            </span>
            <span className={s.bar} aria-hidden="true">
              <span style={{ inlineSize: `${Math.round(shares[i]! * 100)}%` }} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** What the sales team did lately, newest first. */
export function Activities({ activities, now }: { activities: readonly Activity[]; now: number }) {
  const t = useT()
  const id = useId()
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-crm-dashboard.activities.title')}
      </h2>
      <ul className={s.activities}>
        {activities.map((one) => (
          <li key={one.id} className={s.activity}>
            <Avatar user={{ name: one.who, email: '', avatar: '' }} size={36} className={s.avatar} />
            <span>
              {t(`demo-crm-dashboard.activities.${one.kind}`, { who: one.who, customer: one.customer })}
              <span className={s.when}>
                <Age at={new Date(now - one.minutesAgo * 60_000).toISOString()} />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The customers that brought the most revenue this year. */
export function TopCustomers({ customers, money, count }: { customers: readonly Customer[]; money: Format; count: Format }) {
  const t = useT()
  const id = useId()
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-crm-dashboard.customers.title')}
      </h2>
      <div className={s.scroll}>
        <table className={s.table}>
          <caption className="visually-hidden">{t('demo-crm-dashboard.customers.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('demo-crm-dashboard.customers.name')}</th>
              <th scope="col">{t('demo-crm-dashboard.customers.city')}</th>
              <th scope="col" className={s.number}>
                {t('demo-crm-dashboard.customers.deals')}
              </th>
              <th scope="col" className={s.number}>
                {t('demo-crm-dashboard.customers.revenue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {topCustomers(customers).map((one) => (
              <tr key={one.id}>
                <th scope="row">{one.name}</th>
                <td>{one.city}</td>
                <td className={s.number}>{count(one.deals)}</td>
                <td className={s.number}>{money(one.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
