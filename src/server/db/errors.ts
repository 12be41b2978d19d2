/**
 * Why the storage could not do what it was asked, when the cause passes: `full` (no space left)
 * or `busy` (another process held the database past the busy timeout). Any other error is a
 * fault of the server.
 */
export type StorageTrouble = 'full' | 'busy'

const TROUBLES: [code: string, trouble: StorageTrouble][] = [
  ['SQLITE_FULL', 'full'],
  ['SQLITE_BUSY', 'busy'],
  ['SQLITE_LOCKED', 'busy'],
]

/**
 * PostgreSQL's SQLSTATEs that pass: a full disk, and a server that is starting, stopping, out of
 * connections or memory, or broke a deadlock or a serialization by ending this transaction.
 */
const POSTGRES_TROUBLES: Record<string, StorageTrouble> = {
  '53100': 'full',
  '53200': 'busy',
  '53300': 'busy',
  '40001': 'busy',
  '40P01': 'busy',
  '55P03': 'busy',
  '57P01': 'busy',
  '57P02': 'busy',
  '57P03': 'busy',
  '08000': 'busy',
  '08003': 'busy',
  '08006': 'busy',
}

/** The connection to PostgreSQL could not be made or was cut. */
const LOST_CONNECTION = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])

/** Reads better-sqlite3's error codes, extended ones (`SQLITE_BUSY_SNAPSHOT`) included, and PostgreSQL's. */
export function storageTrouble(error: unknown): StorageTrouble | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') {
    // pg: "Connection terminated unexpectedly" carries no code.
    return error instanceof Error && /^Connection terminated/.test(error.message) ? 'busy' : undefined
  }
  if (code in POSTGRES_TROUBLES) return POSTGRES_TROUBLES[code]
  if (LOST_CONNECTION.has(code)) return 'busy'
  return TROUBLES.find(([base]) => code === base || code.startsWith(`${base}_`))?.[1]
}

/**
 * Runs a write that only keeps a note (a session's last use): on a full or busy storage it is
 * skipped, so a read that happens to carry it still answers.
 */
export async function noteUnlessTroubled(write: () => Promise<unknown>): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (!storageTrouble(error)) throw error
  }
}

/** The `table.column`s a unique or primary key violation names, or undefined for any other error. */
function uniqueColumns(error: unknown): string[] | undefined {
  const { code, message, table, detail } = (error ?? {}) as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown }
  // better-sqlite3: "UNIQUE constraint failed: roles.organization_id, roles.name".
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return String(message).replace(/^.*constraint failed:\s*/i, '').split(/,\s*/)
  }
  // pg: code 23505, the table, and "Key (organization_id, name)=(…) already exists."
  if (code === '23505') {
    const columns = /^Key \((.+?)\)=/.exec(String(detail ?? ''))?.[1]
    return columns ? columns.split(/,\s*/).map((column) => `${String(table)}.${column.replace(/"/g, '')}`) : []
  }
  return undefined
}

/**
 * Whether `error` is a write refused by a unique constraint, on `column` (`table.column`, one of
 * the constraint's columns) when it is given, on any when not.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const columns = uniqueColumns(error)
  return columns !== undefined && (column === undefined || columns.includes(column))
}
