import type { Db } from '../db/open'
import { liveSessionsOf, otherLiveSessionHashes, revokeSessionsByHash } from '../db/people/sessions'
import { sessionStreams } from '../live/stream'
import type { Services } from '../services'

/** The user's sessions that can still sign a request in: not ended, not past their end, not idle too long. */
export const liveSessions = (db: Db, userId: string, now: Date) => liveSessionsOf(db, userId, now.toISOString())

/** The token hashes of the user's live sessions but the calling one (`ownHash`). */
export const otherSessions = (db: Db, userId: string, now: Date, ownHash: string) => otherLiveSessionHashes(db, userId, now.toISOString(), ownHash)

/**
 * Ends the user's sessions with these token hashes; returns how many ended. Run it in the change's
 * transaction, and end their streams (`disconnectSessions`) once it has committed.
 */
export async function endSessions(db: Db, userId: string, now: Date, tokenHashes: string[]): Promise<number> {
  if (!tokenHashes.length) return 0
  return revokeSessionsByHash(db, userId, tokenHashes, now.toISOString())
}

/** Ends the events streams the sessions with these token hashes opened. */
export const disconnectSessions = (services: Services, tokenHashes: string[]) => {
  for (const hash of tokenHashes) services.hub.disconnect(sessionStreams(hash))
}
