import { clsx } from 'clsx'
import { useId } from 'react'
import { apiHost } from '../../api/client'
import { TOKEN_PATH } from '../../contract/paths'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { copyText } from '../../ui/record/secret-dialog'
import { useT } from '../../ui/use-t'
import a from './app-ids.module.css'
import s from './token-help.module.css'

/** Where an app trades its credentials for a token: the API's token endpoint as an absolute URL. */
export const tokenUrl = () => new URL(`${apiHost()}${TOKEN_PATH}`, location.href).href

/** A request for a token with the client id filled in; the secret's place is marked, as it is shown once above. */
export const tokenRequest = (clientId: string, url: string, secret: string) => `curl -u '${clientId}:<${secret}>' -d grant_type=client_credentials ${url}`

/** How the app gets a token: the token URL and an example request to copy. */
export function TokenHelp({ clientId }: { clientId: string }) {
  const t = useT()
  const id = useId()
  const url = tokenUrl()
  const example = tokenRequest(clientId, url, t('appIds.secretPlaceholder'))
  const copy = async () => {
    if (await copyText(example, null)) notify('success', 'appIds.copied')
    else notify('warning', 'appIds.copyExampleFailed')
  }
  return (
    <div className={s.tokenHelp}>
      <p className={a.hint}>{t('appIds.tokenHint')}</p>
      <div className={a.credential}>
        <span className={a.credentialLabel}>{t('appIds.tokenUrl')}</span>
        <code className={s.code} dir="ltr">
          {url}
        </code>
      </div>
      <div className={a.credential}>
        <figure className={a.credential} aria-labelledby={`${id}-example`}>
          <figcaption id={`${id}-example`} className={a.credentialLabel}>
            {t('appIds.example')}
          </figcaption>
          <pre className={clsx(s.code, s.example)} dir="ltr">
            {example}
          </pre>
        </figure>
        <div>
          <Button variant="secondary" aria-label={t('appIds.copyExample')} onClick={() => void copy()}>
            <Icon name="copy" size={18} />
            {t('appIds.copy')}
          </Button>
        </div>
      </div>
    </div>
  )
}
