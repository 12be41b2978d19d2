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

/** Reads better-sqlite3's error codes, extended ones (`SQLITE_BUSY_SNAPSHOT`) included. */
export function storageTrouble(error: unknown): StorageTrouble | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return undefined
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
