import { useT } from './use-t'

/** The full-screen indicator shown while the session is checked (styles in `styles/boot.css`). */
export function Splash() {
  const t = useT()
  return (
    <div role="status" className="splash">
      <span className="spinner-ring" aria-hidden="true" />
      <p className="splash-text">{t('session.authenticating')}</p>
    </div>
  )
}
