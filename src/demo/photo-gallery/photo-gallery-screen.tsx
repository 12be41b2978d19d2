import { clsx } from 'clsx'
import { useEffect, useMemo, useRef, useState } from 'react'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { Lightbox } from '../lightbox/lightbox'
import '../texts'
import s from './photo-gallery-screen.module.css'
import { PHOTOS, photoSrc, type Photo } from './photos'
import './texts'

/** The gallery: a grid of thumbnails, each opening the lightbox on its photo. */
export function PhotoGallery({ photos }: { photos: readonly Photo[] }) {
  const t = useT()
  const [shown, setShown] = useState<number | null>(null)
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set())
  const thumbs = useRef<(HTMLButtonElement | null)[]>([])
  const last = useRef<number | null>(null)
  const pictures = useMemo(() => photos.map((photo) => ({ src: photoSrc(photo), caption: photo.caption })), [photos])

  // Focus goes back to the thumbnail of the photo last seen, which may not be the one opened.
  useEffect(() => {
    if (shown === null && last.current !== null) thumbs.current[last.current]?.focus()
    last.current = shown
  }, [shown])

  return (
    <section className={clsx(card.card)} aria-labelledby="demo-gallery-title">
      <h2 id="demo-gallery-title" className={card.cardTitle}>
        {t('demo-photo-gallery.title')}
      </h2>
      <p className={card.muted}>{t('demo-photo-gallery.intro')}</p>
      <ul role="list" className={s.grid}>
        {photos.map((photo, index) => {
          const picture = pictures[index]!
          return (
            <li key={photo.id}>
              <button
                ref={(button) => {
                  thumbs.current[index] = button
                }}
                type="button"
                className={s.thumb}
                aria-haspopup="dialog"
                onClick={() => setShown(index)}
              >
                {failed.has(picture.src) ? (
                  <span className={s.broken}>{t('demo.upload.broken')}</span>
                ) : (
                  <img
                    src={picture.src}
                    alt=""
                    width={400}
                    height={300}
                    className={s.image}
                    onError={() => setFailed((old) => new Set(old).add(picture.src))}
                  />
                )}
                <span className={s.caption}>{photo.caption}</span>
                <span className={s.place}>{photo.place}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <Lightbox photos={pictures} index={shown} onIndex={setShown} onClose={() => setShown(null)} />
    </section>
  )
}

/** The demo page: a dozen made-up photos from the field. */
export default function PhotoGalleryScreen() {
  return <PhotoGallery photos={PHOTOS} />
}
