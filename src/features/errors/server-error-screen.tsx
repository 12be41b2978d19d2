import { $serverDown, syncUser } from '../../stores/session'
import { useT } from '../../ui/use-t'
import { ErrorPage } from './error-page'

/** Asks the server again before going on, when it was found down. */
function retry() {
  if (!$serverDown.get()) return
  $serverDown.set(false)
  void syncUser()
}

export default function ServerErrorScreen() {
  const t = useT()
  return <ErrorPage code="502" title={t('errors.serverError')} text={t('errors.serverErrorText')} beforeLeave={retry} />
}
