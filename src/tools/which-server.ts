// Which server a tool works with: what the environment says as the server reads it, else the one
// server running here, else the defaults. Several running servers with nothing said is a question
// for the user, not a guess.
import path from 'node:path'
import { describeServer, type RunningServer } from '../server/running-servers'

type Env = Record<string, string | undefined>

const several = (servers: RunningServer[], say: string) =>
  new Error(`Several consoles are running here: ${servers.map(describeServer).join('; ')}. ${say}`)

/** The address of the server to call: `PORT` as the server reads it, else the running one. */
export function serverUrl(env: Env, running: RunningServer[]): { url: string; from?: RunningServer } {
  const port = env.PORT?.trim()
  if (port) return { url: `http://localhost:${port}` }
  if (running.length > 1) throw several(running, 'Say which with --url or PORT.')
  if (running.length === 1) return { url: `http://localhost:${running[0]!.port}`, from: running[0] }
  return { url: 'http://localhost:8080' }
}

/** The folder whose console.db to copy: `DATA_DIR` as the server reads it, else the running server's. */
export function dataDirOf(env: Env, running: RunningServer[]): { dir: string; from?: RunningServer } {
  const given = env.DATA_DIR?.trim()
  if (given) return { dir: path.resolve(given) }
  const onSqlite = running.filter((server) => server.dataDir)
  const dirs = [...new Set(onSqlite.map((server) => server.dataDir!))]
  if (dirs.length > 1) throw several(onSqlite, 'Say which with DATA_DIR.')
  if (dirs.length === 1) return { dir: dirs[0]!, from: onSqlite[0] }
  if (running.length) throw new Error(`${describeServer(running[0]!)} keeps its data in PostgreSQL: back it up with pg_dump.`)
  return { dir: path.resolve('data') }
}
