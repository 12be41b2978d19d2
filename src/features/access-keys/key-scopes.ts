import { HEARTBEAT_SCOPE, type KeyScope } from '../../contract/access-keys'
import { RIGHTS, type Right } from '../../contract/rights'
import type { t as translate } from '../../lib/i18n'
import './texts'

/** A scope in words: a right by its screen's name, `heartbeat` by what it lets a device do. */
export const scopeLabel = (t: typeof translate, scope: KeyScope) => (scope === HEARTBEAT_SCOPE ? t('accessKeys.scopeHeartbeat') : t(`menu.${scope}`))

/** The scopes a user may give a key: heartbeats (a device's key) with `devices`, then their own rights. */
export function scopeChoices(t: typeof translate, rights: readonly Right[]) {
  const heartbeat = rights.includes('devices') ? [{ value: HEARTBEAT_SCOPE, label: scopeLabel(t, HEARTBEAT_SCOPE), hint: t('accessKeys.scopeHeartbeatHint') }] : []
  return [...heartbeat, ...RIGHTS.filter((right) => rights.includes(right)).map((right) => ({ value: right, label: scopeLabel(t, right) }))]
}
