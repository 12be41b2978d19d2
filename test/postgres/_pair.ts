import type { ServerOptions } from '../../src/server/server'
import { startServer, type TestServer } from '../api/collections/_api'
import { createTestDatabase } from '../api/_server'

/** Two servers on one throwaway PostgreSQL database, as two processes of one deployment are. */
export interface ServerPair {
  a: TestServer
  b: TestServer
  /** The database's address, for a third server on it. */
  databaseUrl: string
  /** Stops both servers and drops the database. */
  stop(): Promise<void>
}

/** Starts the pair on a fresh database, both with `options` (a clock, a sealing key, sweeps held back). */
export async function startPair(options: Omit<ServerOptions, 'databaseUrl'> = {}): Promise<ServerPair> {
  const database = await createTestDatabase()
  const [a, b] = await Promise.all([startServer({ ...options, databaseUrl: database.url }), startServer({ ...options, databaseUrl: database.url })])
  return {
    a,
    b,
    databaseUrl: database.url,
    stop: async () => {
      await Promise.all([a.close(), b.close()])
      await database.drop()
    },
  }
}
