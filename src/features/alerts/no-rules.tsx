import { Link } from 'wouter'
import { PER_PAGE_CHOICES } from '../../contract/collections'
import { buttonClass } from '../../ui/button'
import { CREATE_PARAM } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import { rulesApi } from './alerts-api'
import { useLiveAlerts } from './use-alerts'
import s from './alerts.module.css'

/** Whether the organization has no alert rule at all; undefined until known (or when unreadable). */
export function useNoRules(): boolean | undefined {
  // Only the total matters: the smallest page the API serves.
  const rules = useLiveAlerts('rules', (signal) => rulesApi.list({ per_page: PER_PAGE_CHOICES[0] }, signal)).data
  return rules ? rules.total === 0 : undefined
}

/**
 * Where "nothing is firing" would be a false comfort: no rule watches any device yet. Says what a
 * rule does and, to those who may write rules, opens the form of the first one.
 */
export function NoRules({ canWrite }: { canWrite: boolean }) {
  const t = useT()
  return (
    <div className={s.invite}>
      <p className={s.inviteTitle}>{t('alerts.noRules')}</p>
      <p className={s.muted}>{t('alerts.noRulesHint')}</p>
      {canWrite && (
        <Link href={`/alerts/rules?${CREATE_PARAM}=1`} className={buttonClass('primary', false, s.inviteAction)}>
          {t('alerts.rules.create')}
        </Link>
      )}
    </div>
  )
}
