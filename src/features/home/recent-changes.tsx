import { AuditTrail } from '../../ui/audit/audit-trail'
import { useT } from '../../ui/use-t'

/** The organization's latest changes that the viewer's rights let them see. */
export default function RecentChanges() {
  const t = useT()
  return <AuditTrail perPage={5} title={t('audit.recent')} />
}
