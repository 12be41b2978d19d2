import type { Migration, MigrationProvider } from 'kysely'
import { authTables } from './0001-auth-tables'
import { socialSignIn } from './0002-social-sign-in'
import { sessionsAndThrottles } from './0003-sessions-and-throttles'
import { inventory } from './0004-inventory'
import { people } from './0005-people'
import { metrics } from './0006-metrics'
import { billing } from './0007-billing'
import { signInOrganizations } from './0008-sign-in-organizations'
import { madeByKey } from './0009-made-by-key'
import { planChanges } from './0010-plan-changes'
import { events } from './0011-events'
import { deviceSearch } from './0012-device-search'
import { idempotencyKeys } from './0013-idempotency-keys'
import { alerts } from './0014-alerts'
import { webhooks } from './0015-webhooks'
import { listFilters } from './0016-list-filters'
import { auditChanges } from './0017-audit-changes'
import { bulkJobs } from './0018-bulk-jobs'
import { views } from './0019-views'
import { listItems } from './0020-list-items'
import { deviceEnabled } from './0021-device-enabled'
import { alertRecipients } from './0022-alert-recipients'
import { webhookDueIndex } from './0023-webhook-due-index'
import { enrollment } from './0024-enrollment'
import { optionalReadings } from './0025-optional-readings'
import { tunnelTraffic } from './0026-tunnel-traffic'

/** Every migration in order, one file each; names sort in the order they run. Never edit a shipped one. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_auth_tables': authTables,
  '0002_social_sign_in': socialSignIn,
  '0003_sessions_and_throttles': sessionsAndThrottles,
  '0004_inventory': inventory,
  '0005_people': people,
  '0006_metrics': metrics,
  '0007_billing': billing,
  '0008_sign_in_organizations': signInOrganizations,
  '0009_made_by_key': madeByKey,
  '0010_plan_changes': planChanges,
  '0011_events': events,
  '0012_device_search': deviceSearch,
  '0013_idempotency_keys': idempotencyKeys,
  '0014_alerts': alerts,
  '0015_webhooks': webhooks,
  '0016_list_filters': listFilters,
  '0017_audit_changes': auditChanges,
  '0018_bulk_jobs': bulkJobs,
  '0019_views': views,
  '0020_list_items': listItems,
  '0021_device_enabled': deviceEnabled,
  '0022_alert_recipients': alertRecipients,
  '0023_webhook_due_index': webhookDueIndex,
  '0024_enrollment': enrollment,
  '0025_optional_readings': optionalReadings,
  '0026_tunnel_traffic': tunnelTraffic,
}

export const migrations: MigrationProvider = { getMigrations: async () => MIGRATIONS }
