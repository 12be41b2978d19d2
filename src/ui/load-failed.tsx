import { useRef } from 'react'
import { useT } from './use-t'

/**
 * Stands in for a screen or a part whose code could not be downloaded (offline, the server gone):
 * says so, downloads it again on "Try again", or reloads the page. Styled by the global sheet
 * (`styles/boot.css`), which every page carries: the part's own stylesheet may be missing too.
 */
export function LoadFailed({ retry }: { retry: () => Promise<void> }) {
  const t = useT()
  const trying = useRef(false)
  const tryAgain = () => {
    if (trying.current) return
    trying.current = true
    void retry()
      .catch(() => undefined)
      .then(() => (trying.current = false))
  }
  return (
    <div role="alert" className="load-failed">
      <p>{t('errors.loadFailed')}</p>
      <div className="load-failed-actions">
        <button type="button" className="load-failed-button" onClick={tryAgain}>
          {t('errors.tryAgain')}
        </button>
        <button type="button" className="load-failed-button" onClick={() => location.reload()}>
          {t('errors.reloadPage')}
        </button>
      </div>
    </div>
  )
}
