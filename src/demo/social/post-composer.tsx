import { clsx } from 'clsx'
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Banner } from '../../ui/banner'
import { Button, buttonClass } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { TextArea } from '../../ui/text-area'
import { useT } from '../../ui/use-t'
import '../texts'
import { POST_IMAGE_MAX_BYTES, POST_IMAGE_MAX_COUNT, type Refusal } from '../uploads'
import { attach, detach, type Attachment } from './attachments'
import { PostPicture } from './post-picture'
import type { TimelineStore } from './posts'
import { ME } from './social-fixtures'
import s from './social.module.css'
import './texts'

const revoke = (url: string) => URL.revokeObjectURL(url)

/**
 * Writes a post with up to two images (src/demo/uploads.ts): the pictures stay in the browser as
 * previews, and the ones the rules refuse are named in an error bar.
 */
export function PostComposer({ timeline, author = ME.name }: { timeline: TimelineStore; author?: string }) {
  const t = useT()
  const fileId = useId()
  const [text, setText] = useState('')
  const [held, setHeld] = useState<Attachment[]>([])
  const [refusals, setRefusals] = useState<Refusal[]>([])
  const unposted = useRef(held)
  unposted.current = held
  // Previews never posted are let go with the composer; posted ones live on in their post.
  useEffect(() => () => unposted.current.forEach((attachment) => revoke(attachment.url)), [])
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])]
    // Emptied, so picking the same file again is a change too.
    event.currentTarget.value = ''
    const result = attach(held, files, (file) => URL.createObjectURL(file))
    setHeld(result.held)
    setRefusals(result.refusals)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!timeline.post(author, text, held.map((attachment) => ({ src: attachment.url, alt: attachment.name })))) return
    setText('')
    setHeld([])
    setRefusals([])
  }
  return (
    <form className={clsx(card.card, s.composer)} onSubmit={submit}>
      <TextArea label={t('demo-social.compose')} name="post" value={text} rows={3} onChange={setText} />
      {refusals.length > 0 && (
        <Banner variant="error" onClose={() => setRefusals([])}>
          {refusals.map((refusal) => t(`demo.upload.${refusal.key}`, refusal.values)).join(' ')}
        </Banner>
      )}
      {held.length > 0 && (
        <ul className={s.previews} role="list" aria-label={t('demo-social.attached')}>
          {held.map((attachment) => (
            <li key={attachment.url} className={s.preview}>
              <PostPicture image={{ src: attachment.url, alt: attachment.name }} />
              <button
                type="button"
                className={s.remove}
                aria-label={t('demo-social.removeImage', { name: attachment.name })}
                onClick={() => setHeld(detach(held, attachment.url, revoke))}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={s.composeBar}>
        <input id={fileId} type="file" accept="image/*" multiple className={clsx('visually-hidden', s.file)} aria-describedby={`${fileId}-hint`} onChange={pick} />
        <label htmlFor={fileId} className={buttonClass('secondary', false, s.pick)}>
          <Icon name="image" size={18} />
          {t('demo-social.addImages')}
        </label>
        <span id={`${fileId}-hint`} className={clsx(card.muted, s.grow)}>
          {t('demo-social.imagesHint', { n: POST_IMAGE_MAX_COUNT, mb: POST_IMAGE_MAX_BYTES / 1_000_000 })}
        </span>
        <Button type="submit">{t('demo-social.post')}</Button>
      </div>
    </form>
  )
}
