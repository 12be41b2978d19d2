import type { Migration, MigrationProvider } from 'kysely'
import { authTables } from './0001-auth-tables'
import { socialSignIn } from './0002-social-sign-in'
import { sessionsAndThrottles } from './0003-sessions-and-throttles'
import { inventory } from './0004-inventory'
import { people } from './0005-people'
import { metrics } from './0006-metrics'
import { billing } from './0007-billing'

/** Every migration in order, one file each; names sort in the order they run. Never edit a shipped one. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_auth_tables': authTables,
  '0002_social_sign_in': socialSignIn,
  '0003_sessions_and_throttles': sessionsAndThrottles,
  '0004_inventory': inventory,
  '0005_people': people,
  '0006_metrics': metrics,
  '0007_billing': billing,
}

export const migrations: MigrationProvider = { getMigrations: async () => MIGRATIONS }
