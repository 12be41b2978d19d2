import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import type { SectionId } from './sections'
import s from './section.module.css'

export interface SectionProps {
  id: SectionId
  title: string
  intro?: string
  /** A tinted band, to set the section apart from its neighbours. */
  tinted?: boolean
  children: ReactNode
}

/** One anchored section of the landing page: a heading, a line under it, the content. */
export function Section({ id, title, intro, tinted, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={clsx(s.section, tinted && s.tinted)}>
      <div className={s.inner}>
        <header className={s.head}>
          <h2 id={`${id}-title`} className={s.title}>
            {title}
          </h2>
          {intro && <p className={s.intro}>{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  )
}
