import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'wouter'
import { viewsApi } from '../../api/views'
import type { View, ViewCollection } from '../../contract/views'
import { messageText } from '../../lib/i18n'
import { $unreachable } from '../../stores/reach'
import { $session } from '../../stores/session'
import { Banner } from '../banner'
import { Dropdown, type DropdownItem } from '../dropdown'
import { Icon } from '../icons'
import { lazyPart } from '../lazy-part'
import { useT } from '../use-t'
import { VIEW_PARAM } from './list-columns'
import type { ListState } from './list-url'
import { useViews } from './use-views'
import { ColumnChooser } from './column-chooser'
import { queryOfList, showsView, viewSearch, viewToOpen } from './views-url'
import './views-texts'
import s from './list.module.css'

// The dialogs load when first opened: the header's buttons show without them.
const ViewDialog = lazyPart(() => import('./views-dialog').then((part) => part.ViewDialog))
const DeleteViewDialog = lazyPart(() => import('./views-dialog').then((part) => part.DeleteViewDialog))

export interface ViewsToolsProps {
  collection: ViewCollection
  /** Every column the list has, in its own order; `optional` ones show only when chosen. */
  columns: readonly { key: string; label: string; optional?: boolean }[]
  /** The keys of the columns shown, in the order shown. */
  shown: readonly string[]
  query: ListState
}

type Open = { kind: 'create' } | { kind: 'edit'; view: View } | { kind: 'delete'; view: View } | null

/**
 * The list's column chooser and saved views, loaded after the list: show or hide columns (kept in
 * the address), open a view, save what the list shows as a new view, update or delete one's own.
 * A link's `?view=<id>` is opened here: the view's question and columns replace the address's,
 * or a view that is gone or not shared says so and the plain list stays.
 */
export function ViewsTools({ collection, columns, shown, query }: ViewsToolsProps) {
  const t = useT()
  const [search, setSearch] = useSearchParams()
  const views = useViews(collection)
  const { uid } = useStore($session)
  // With the server out of reach the shell says so once.
  const away = useStore($unreachable)
  const [open, setOpen] = useState<Open>(null)
  const [missing, setMissing] = useState(false)
  const openId = search.get(VIEW_PARAM)
  const current = views.views.find((view) => view.id === openId)
  const toOpen = viewToOpen(search)

  useEffect(() => {
    if (!toOpen) return
    const controller = new AbortController()
    void viewsApi.get(toOpen, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok && result.data.collection === collection) {
        setMissing(false)
        setSearch(viewSearch(result.data), { replace: true })
      } else if (result.ok || result.status === 404 || result.status === 403) {
        // Gone, not shared, or of another list: the plain list, and why.
        setMissing(true)
        const next = new URLSearchParams(search)
        next.delete(VIEW_PARAM)
        setSearch(next, { replace: true })
      }
    })
    return () => controller.abort()
    // Only a new link to open matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toOpen])

  const items: DropdownItem[] = [
    ...views.views.map((view) => ({
      key: view.id,
      label: view.shared ? t('views.sharedName', { name: view.name }) : view.name,
      checked: view.id === openId,
      onSelect: () => setSearch(viewSearch(view)),
    })),
    { key: 'save', label: t('views.saveNew'), onSelect: () => setOpen({ kind: 'create' }) },
    ...(current && current.owner_id === uid
      ? [
          { key: 'update', label: t('views.update', { name: current.name }), onSelect: () => setOpen({ kind: 'edit', view: current }) },
          { key: 'delete', label: t('views.delete', { name: current.name }), onSelect: () => setOpen({ kind: 'delete', view: current }) },
        ]
      : []),
  ]
  const changed = current !== undefined && !showsView(current, query, shown)
  const label = current ? t(changed ? 'views.currentChanged' : 'views.current', { name: current.name }) : t('views.button')

  const saved = (view: View) => {
    setOpen(null)
    setMissing(false)
    views.reload()
    setSearch(viewSearch(view), { replace: open?.kind === 'edit' })
  }
  const deleted = () => {
    setOpen(null)
    views.reload()
    const next = new URLSearchParams(search)
    next.delete(VIEW_PARAM)
    setSearch(next, { replace: true })
  }

  return (
    <>
      <ColumnChooser columns={columns} shown={shown} />
      <Dropdown
        label={label}
        button={
          <>
            {label}
            <Icon name="chevron-down" size={16} />
          </>
        }
        items={items}
        buttonClassName={s.toolButton}
      />
      {missing && (
        <div className={s.wide}>
          <Banner variant="warning">{t('views.missing')}</Banner>
        </div>
      )}
      {views.status === 'error' && !away && (
        <div className={s.wide}>
          <Banner variant="error">{t('views.loadFailed', { message: messageText(views.message) })}</Banner>
        </div>
      )}
      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <ViewDialog
          collection={collection}
          view={open.kind === 'edit' ? open.view : null}
          query={queryOfList(query)}
          columns={shown}
          onSaved={saved}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && <DeleteViewDialog view={open.view} onDeleted={deleted} onClose={() => setOpen(null)} />}
    </>
  )
}
