import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react'
import { $ui } from '../../stores/ui'
import { Dialog } from '../../ui/dialog'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import '../texts'
import './texts'
import s from './lightbox.module.css'
import {
  clampPan,
  doubleClickZoom,
  keyAction,
  LIGHTBOX_ANIMATION_MS,
  LIGHTBOX_PADDING,
  moveIndex,
  swipeAction,
  wheelAction,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomIn,
  zoomOut,
  type LightboxAction,
} from './lightbox-rules'

export interface LightboxPhoto {
  src: string
  caption: string
}

export interface LightboxProps {
  photos: readonly LightboxPhoto[]
  /** The photo shown; null keeps the lightbox closed. */
  index: number | null
  onIndex: (index: number) => void
  onClose: () => void
}

const CENTRED = { x: 0, y: 0 }

/** The zoom buttons' minus and plus, drawn like the console's icons. */
const Sign = ({ d }: { d: string }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
)

/**
 * A photo at a time in a modal dialog (focus kept inside, given back to what opened it): zoom by
 * double click or the buttons, pan a zoomed photo by dragging, and go to the previous or next
 * one with the arrow keys, a swipe, a horizontal wheel turn or the buttons. Esc closes.
 */
export function Lightbox({ photos, index, onIndex, onClose }: LightboxProps) {
  const t = useT()
  const rtl = useStore($ui).direction === 'rtl'
  const [zoom, setZoom] = useState(ZOOM_MIN)
  const [pan, setPan] = useState(CENTRED)
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set())
  const drag = useRef<{ x: number; y: number; pan: typeof CENTRED } | null>(null)
  const lastWheel = useRef(-Infinity)
  const image = useRef<HTMLImageElement>(null)
  const open = index !== null
  const photo = open ? photos[index] : undefined

  const act = (action: LightboxAction | null) => {
    if (!action || index === null) return
    if (action === 'close') return onClose()
    setZoom(ZOOM_MIN)
    setPan(CENTRED)
    onIndex(moveIndex(index, action === 'next' ? 1 : -1, photos.length))
  }
  const actRef = useRef(act)
  actRef.current = act

  // On the document, so the keys work wherever focus sits in the dialog (or on the dialog itself).
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      const action = keyAction(event, $ui.get().direction === 'rtl')
      if (!action) return
      event.preventDefault()
      actRef.current(action)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  if (!photo) return null

  const setZoomTo = (next: number) => {
    setZoom(next)
    if (next === ZOOM_MIN) setPan(CENTRED)
    else setPan((old) => limitPan(old, next))
  }
  const limitPan = (offset: typeof CENTRED, level: number) => ({
    x: clampPan(offset.x, level, image.current?.offsetWidth ?? 0),
    y: clampPan(offset.y, level, image.current?.offsetHeight ?? 0),
  })

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    drag.current = { x: event.clientX, y: event.clientY, pan }
    event.currentTarget.setPointerCapture?.(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start || zoom === ZOOM_MIN) return
    // A zoomed photo follows the pointer; the translate is applied after the scale, hence the division.
    setPan(limitPan({ x: start.pan.x + (event.clientX - start.x) / zoom, y: start.pan.y + (event.clientY - start.y) / zoom }, zoom))
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    drag.current = null
    // At the default zoom a drag is a swipe; zoomed in, it was a pan.
    if (start && zoom === ZOOM_MIN) act(swipeAction(event.clientX - start.x, rtl))
  }
  const onWheel = (event: { deltaX: number; deltaY: number; timeStamp: number }) => {
    const action = wheelAction(event.deltaX, event.deltaY, rtl)
    // A trackpad sends a burst of wheel events for one gesture: one move per animation.
    if (!action || event.timeStamp - lastWheel.current < LIGHTBOX_ANIMATION_MS) return
    lastWheel.current = event.timeStamp
    act(action)
  }

  const broken = failed.has(photo.src)
  const stage = { padding: LIGHTBOX_PADDING, '--lightbox-ms': `${LIGHTBOX_ANIMATION_MS}ms` } as CSSProperties
  return (
    <Dialog open onClose={onClose} title={photo.caption} closeLabel={t('demo-lightbox.close')} width={1100} className={s.lightbox}>
      <div
        className={s.stage}
        style={stage}
        data-zoomed={zoom > ZOOM_MIN || undefined}
        onDoubleClick={() => setZoomTo(doubleClickZoom(zoom))}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onWheel={onWheel}
      >
        {broken ? (
          <p className={s.broken}>{t('demo.upload.broken')}</p>
        ) : (
          <img
            key={photo.src}
            ref={image}
            src={photo.src}
            alt={photo.caption}
            className={s.image}
            draggable={false}
            data-zoom={zoom}
            style={{ transform: `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)` }}
            onError={() => setFailed((old) => new Set(old).add(photo.src))}
          />
        )}
      </div>
      <div className={s.bar}>
        <button type="button" className={s.control} aria-label={t('demo-lightbox.previous')} onClick={() => act('previous')}>
          <Icon name="chevron-start" />
        </button>
        <p className={s.counter} aria-live="polite">
          {t('demo-lightbox.counter', { n: index! + 1, total: photos.length })}
        </p>
        <button type="button" className={s.control} aria-label={t('demo-lightbox.next')} onClick={() => act('next')}>
          <Icon name="chevron-end" />
        </button>
        <span className={s.zoom}>
          <button type="button" className={s.control} aria-label={t('demo-lightbox.zoomOut')} disabled={zoom === ZOOM_MIN} onClick={() => setZoomTo(zoomOut(zoom))}>
            <Sign d="M5 12h14" />
          </button>
          <output className={s.level} aria-label={t('demo-lightbox.zoom')}>
            {t('demo-lightbox.level', { n: Math.round(zoom * 100) })}
          </output>
          <button type="button" className={s.control} aria-label={t('demo-lightbox.zoomIn')} disabled={zoom === ZOOM_MAX} onClick={() => setZoomTo(zoomIn(zoom))}>
            <Sign d="M5 12h14M12 5v14" />
          </button>
        </span>
      </div>
      <p className={s.hint}>{t('demo-lightbox.hint')}</p>
    </Dialog>
  )
}
