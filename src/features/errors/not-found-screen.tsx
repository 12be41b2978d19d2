import { useT } from '../../ui/use-t'
import { ErrorPage } from './error-page'

export default function NotFoundScreen() {
  const t = useT()
  return <ErrorPage code="404" title={t('errors.notFound')} text={t('errors.notFoundText')} />
}
