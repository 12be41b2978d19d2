import { Link } from 'wouter'
import { messageText } from '../../lib/i18n'
import { Banner } from '../banner'
import { Button, buttonClass } from '../button'
import { Spinner } from '../spinner'
import { useT } from '../use-t'
import type { RecordState } from './use-record'
import s from './record.module.css'

export interface RecordPendingProps {
  state: Exclude<RecordState<unknown>, { status: 'ready' }>
  reload(): void
  /** The texts of this kind of record: while loading, when not found, and the way back. */
  texts: { loading: string; notFound: string; back: string }
  /** The list to go back to, inside /app. */
  backHref: string
}

/** What a detail view shows until its record is there: a spinner, "not found" with a way back, or the error with a retry. */
export function RecordPending({ state, reload, texts, backHref }: RecordPendingProps) {
  const t = useT()
  if (state.status === 'loading') return <Spinner className={s.pendingLoading} label={texts.loading} />
  if (state.status === 'missing') {
    return (
      <section className={s.missing} aria-labelledby="record-missing">
        <h2 id="record-missing">{texts.notFound}</h2>
        <p>{t('record.notFound')}</p>
        <Link href={backHref} className={buttonClass('secondary')}>
          {texts.back}
        </Link>
      </section>
    )
  }
  return (
    <Banner variant="error">
      {messageText(state.message)}{' '}
      <Button variant="text" onClick={reload}>
        {t('list.retry')}
      </Button>
    </Banner>
  )
}
