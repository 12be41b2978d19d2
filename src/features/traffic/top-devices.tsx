import { Link } from 'wouter'
import { formatBytes } from '../../ui/charts/format'
import { useT } from '../../ui/use-t'
import { deviceHref } from './traffic-api'
import type { TopRow } from './traffic-data'
import s from './traffic-screen.module.css'

/** The ten devices with the most traffic over the range, each name linking to its device. */
export function TopDevices({ rows }: { rows: readonly TopRow[] }) {
  const t = useT()
  if (!rows.length) return <p className={s.muted}>{t('dashboards.traffic.noTop')}</p>
  return (
    <div className={s.tableBox}>
      <table className={s.table}>
        <caption className="visually-hidden">{t('dashboards.traffic.top')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboards.traffic.device')}</th>
            <th scope="col">{t('dashboards.traffic.in')}</th>
            <th scope="col">{t('dashboards.traffic.out')}</th>
            <th scope="col">{t('dashboards.traffic.total')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link href={deviceHref(row.id)}>{row.name}</Link>
              </th>
              <td>{formatBytes(row.bytesIn)}</td>
              <td>{formatBytes(row.bytesOut)}</td>
              <td>{formatBytes(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
