import { sql } from 'kysely'
import type { AnyDb } from './open'

/**
 * Has the database read `table` again for its planner's statistics. A table that has just taken
 * thousands of rows is otherwise planned as the few rows it held (PostgreSQL's autovacuum catches up
 * within a minute or so), and a join planned for one row over thousands takes seconds.
 */
export async function refreshStatistics(db: AnyDb, table: 'devices' | 'device_tags'): Promise<void> {
  await sql`analyze ${sql.table(table)}`.execute(db)
}
