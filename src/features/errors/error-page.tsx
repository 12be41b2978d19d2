import { useLocation } from 'wouter'
import { Button } from '../../ui/button'
import { Brand, Footer } from '../../ui/brand'
import { useT } from '../../ui/use-t'
import s from './error-page.module.css'

export interface ErrorPageProps {
  /** The status shown large, e.g. '404'. */
  code: string
  title: string
  text: string
  /** Runs before the button goes to /app. */
  beforeLeave?: () => void
}

/** An error page with a way back: 'Go to Dashboard' goes to /app. */
export function ErrorPage({ code, title, text, beforeLeave }: ErrorPageProps) {
  const t = useT()
  const [, navigate] = useLocation()
  const leave = () => {
    beforeLeave?.()
    navigate('/app')
  }
  return (
    <div className={s.page}>
      <main className={s.content}>
        <Brand />
        <p className={s.code} aria-hidden="true">
          {code}
        </p>
        <h1 className={s.title}>{title}</h1>
        <p className={s.text}>{text}</p>
        <Button variant="primary" onClick={leave}>
          {t('errors.toDashboard')}
        </Button>
      </main>
      <Footer />
    </div>
  )
}
