import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { buttonClass } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { DROP_ZONE_LIMIT } from '../uploads'
import { DemoCard } from './demo-form'
import s from './forms-screen.module.css'
import { dropFiles, fileSize, removeFile, type Held } from './held-files'

const revoke = (url: string) => URL.revokeObjectURL(url)

/** One chosen file: its picture, or its name and size, and a button that takes it out. */
function HeldFile({ item, onRemove }: { item: Held; onRemove: () => void }) {
  const t = useT()
  const locale = useStore($locale)
  const [broken, setBroken] = useState(false)
  const { name, size } = item.file
  return (
    <li className={s.file}>
      {item.preview && !broken ? (
        <img className={s.thumb} src={item.preview} alt={name} onError={() => setBroken(true)} />
      ) : (
        <svg className={s.thumb} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 2h8l5 5v15H6zM14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      )}
      <span className={s.fileText}>
        <span className={s.fileName}>{name}</span>
        <span className={card.muted}>{broken ? t('demo.upload.broken') : fileSize(size, locale)}</span>
      </span>
      <button type="button" className={s.remove} aria-label={t('demo-forms.drop.remove', { name })} onClick={onRemove}>
        <Icon name="close" size={18} />
      </button>
    </li>
  )
}

/**
 * The template's file drop zone: files dropped on it or chosen with its button stay in the tab,
 * by the shared upload rules (three at most, each at most 3 MB); pictures show a preview, whose
 * memory is given back when the file is removed or the page goes. What happened is announced.
 */
export function DropZone({ limit = DROP_ZONE_LIMIT }: { limit?: number }) {
  const t = useT()
  const locale = useStore($locale)
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [held, setHeld] = useState<Held[]>([])
  const [news, setNews] = useState<string[]>([])
  const [over, setOver] = useState(false)
  const last = useRef(held)
  last.current = held
  useEffect(() => () => last.current.forEach((item) => item.preview && revoke(item.preview)), [])

  const add = (files: File[]) => {
    if (!files.length) return
    const result = dropFiles(held, files, (file) => URL.createObjectURL(file), limit)
    setHeld(result.held)
    const refused = result.refusals.map((refusal) => t(`demo.upload.${refusal.key}`, refusal.values))
    const added = result.accepted ? [t(pluralKey('demo-forms.drop.added', result.accepted, locale), { n: result.accepted })] : []
    setNews([...refused, ...added])
  }
  const remove = (item: Held) => {
    setHeld(removeFile(held, item.id, revoke))
    setNews([t('demo-forms.drop.removed', { name: item.file.name })])
    // The button that had the focus is gone: the keyboard goes on from the file button.
    input.current?.focus()
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setOver(false)
    add([...event.dataTransfer.files])
  }

  return (
    <DemoCard id="demo-forms-drop" title={t('demo-forms.drop.title')}>
      <div
        className={clsx(s.zone, over && s.over)}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
        }}
        onDrop={onDrop}
      >
        <p>{t('demo-forms.drop.hint', { n: limit })}</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          className={clsx('visually-hidden', s.fileInput)}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])]
            // Cleared, so the same file can be chosen again after it is removed.
            event.currentTarget.value = ''
            add(files)
          }}
        />
        <label htmlFor={inputId} className={buttonClass('secondary')}>
          {t('demo-forms.drop.choose')}
        </label>
      </div>
      <div className={s.news} aria-live="polite">
        {news.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <h3 id="demo-forms-files" className="visually-hidden">
        {t('demo-forms.drop.files')}
      </h3>
      {held.length ? (
        <ul className={s.files} aria-labelledby="demo-forms-files">
          {held.map((item) => (
            <HeldFile key={item.id} item={item} onRemove={() => remove(item)} />
          ))}
        </ul>
      ) : (
        <p className={card.muted}>{t('demo-forms.drop.none')}</p>
      )}
    </DemoCard>
  )
}
