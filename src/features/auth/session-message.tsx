import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { messageText } from '../../lib/i18n'
import { $session, hideMessage } from '../../stores/session'
import { takeEnded } from '../../stores/session-end'
import { Banner } from '../../ui/banner'

/**
 * Clears the session message when a screen opens, so an old banner does not follow the user; why
 * the server ended the session stays for the first screen after it, the sign-in page.
 */
export function useFreshMessage(): void {
  useEffect(() => {
    if ($session.get().message !== null && !takeEnded()) hideMessage()
  }, [])
}

/** The session's message as a closable banner: success when it is `success`, an error otherwise. */
export function SessionMessage({ success }: { success?: string }) {
  const { message } = useStore($session)
  if (!message) return null
  return (
    <Banner variant={message === success ? 'success' : 'error'} onClose={hideMessage}>
      {messageText(message)}
    </Banner>
  )
}
