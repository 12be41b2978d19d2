import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { $locale } from '../../stores/locale'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import s from './tables-screen.module.css'
import { flattenTree, logicalKey, SITES, treeKey, type TreeFocus, type TreeNode, type TreeRow } from './tree'

/**
 * The template's tree table: sites hold racks, racks hold devices, and a site's or a rack's power
 * draw is the sum of what it holds. A treegrid whose rows take the focus: a click or Enter opens
 * or closes a row, the arrow keys move and open as the pattern says.
 */
export function TreeTable({ sites = SITES }: { sites?: readonly TreeNode[] }) {
  const t = useT()
  const locale = useStore($locale)
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale])
  const [tree, setTree] = useState<TreeFocus>({ expanded: new Set(), focus: sites[0]?.id ?? '' })
  const body = useRef<HTMLTableSectionElement>(null)
  const rows = flattenTree(sites, tree.expanded)

  const press = (row: TreeRow, key: string) => {
    const next = treeKey(rows, { ...tree, focus: row.node.id }, key)
    if (!next) return false
    setTree(next)
    // Rows that the focus moves to show already: opening never moves it.
    if (next.focus !== row.node.id) body.current?.querySelector<HTMLElement>(`[data-node="${next.focus}"]`)?.focus()
    return true
  }
  const onKeyDown = (row: TreeRow) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (press(row, logicalKey(event.key, getComputedStyle(event.currentTarget).direction === 'rtl'))) event.preventDefault()
  }

  return (
    <section className={card.card} aria-labelledby="demo-tree">
      <h2 id="demo-tree" className={card.cardTitle}>
        {t('demo-tables.tree.title')}
      </h2>
      <p id="demo-tree-hint" className={card.muted}>
        {t('demo-tables.tree.hint')}
      </p>
      <div className={s.scroll}>
        <table role="treegrid" aria-labelledby="demo-tree" aria-describedby="demo-tree-hint" className={s.table}>
          <thead>
            <tr>
              <th scope="col">{t('demo-tables.tree.name')}</th>
              <th scope="col">{t('demo-tables.tree.kind')}</th>
              <th scope="col" className={s.number}>
                {t('demo-tables.tree.watts')}
              </th>
            </tr>
          </thead>
          <tbody ref={body}>
            {rows.map((row) => (
              <tr
                key={row.node.id}
                data-node={row.node.id}
                aria-level={row.level}
                aria-posinset={row.position}
                aria-setsize={row.siblings}
                aria-expanded={row.parentRow ? row.expanded : undefined}
                tabIndex={row.node.id === tree.focus ? 0 : -1}
                className={clsx(s.treeRow, row.parentRow && s.parentRow)}
                onClick={() => press(row, 'Enter')}
                onFocus={() => setTree((old) => (old.focus === row.node.id ? old : { ...old, focus: row.node.id }))}
                onKeyDown={onKeyDown(row)}
              >
                <td className={s.treeName}>
                  <span className={s.twisty} aria-hidden="true">
                    {row.parentRow && <Icon name={row.expanded ? 'chevron-down' : 'chevron-end'} size={16} />}
                  </span>
                  {row.node.name}
                </td>
                <td>{t(`demo-tables.tree.${row.node.kind}`)}</td>
                <td className={s.number}>{number.format(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
