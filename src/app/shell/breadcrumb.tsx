import { Fragment } from 'react'
import { Link } from 'wouter'
import { useT } from '../../ui/use-t'
import s from './breadcrumb.module.css'
import { crumbsOf } from './nav-rules'

/** Where the page sits: each segment of the path links to its prefix, the last is plain text. */
export function Breadcrumb({ path }: { path: string }) {
  const t = useT()
  const crumbs = crumbsOf(path, t)
  return (
    <nav className={s.nav} aria-label={t('shell.breadcrumb')}>
      <ol className={s.list}>
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.href}>
            {index > 0 && (
              <li className={s.separator} aria-hidden="true">
                /
              </li>
            )}
            <li>
              {index < crumbs.length - 1 ? (
                <Link href={`~${crumb.href}`} className={s.link}>
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page" className={s.here}>
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  )
}
