import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import s from './auth-layout.module.css'
import { Brand, Footer } from './brand'

export interface AuthLayoutProps {
  title: string
  /** A line under the title. */
  intro?: string
  children: ReactNode
  /** A wider card, for reading. */
  wide?: boolean
}

/** The centred card of the public screens, with the brand above and the footer below. */
export function AuthLayout({ title, intro, children, wide }: AuthLayoutProps) {
  return (
    <div className={s.page}>
      <main className={clsx(s.card, wide && s.wide)}>
        <Brand className={s.brand} />
        <h1 className={s.title}>{title}</h1>
        {intro && <p className={s.intro}>{intro}</p>}
        {children}
      </main>
      <Footer />
    </div>
  )
}
