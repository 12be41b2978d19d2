import { clsx } from 'clsx'
import { useState } from 'react'
import { useT } from '../../ui/use-t'
import '../texts'
import type { PostImage } from './posts'
import s from './social.module.css'

/** A post's picture; one that fails to load says so instead of leaving a blank box. */
export function PostPicture({ image, className }: { image: PostImage; className?: string }) {
  const t = useT()
  const [broken, setBroken] = useState(false)
  if (broken) return <p className={clsx(className, s.broken)}>{t('demo.upload.broken')}</p>
  return <img className={clsx(className, s.picture)} src={image.src} alt={image.alt} onError={() => setBroken(true)} />
}
