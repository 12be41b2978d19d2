// Each running server leaves a note of where it listens and keeps its data, so `npm run simulate`
// and `npm run backup` reach the server that was started, with whatever PORT and DATA_DIR it was
// given, rather than assuming the defaults. Notes live in a folder of this user's own under the
// system's temporary folder and are removed when the server stops; a note whose process is gone
// is ignored.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface RunningServer {
  pid: number
  port: number
  /** Absolute; undefined when the data is in PostgreSQL. */
  dataDir?: string
}

const folder = () => path.join(os.tmpdir(), `edgeline-console-${os.userInfo().uid}`)
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Writes this process's note; the returned function removes it. */
export function announceServer(server: Omit<RunningServer, 'pid'>): () => void {
  const file = path.join(folder(), `${process.pid}.json`)
  try {
    fs.mkdirSync(folder(), { recursive: true, mode: 0o700 })
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, ...server }), { mode: 0o600 })
  } catch {
    // A note is a convenience for the tools; a server without one still serves.
  }
  return () => fs.rmSync(file, { force: true })
}

/** The servers of this user that are running now, oldest first. */
export function runningServers(): RunningServer[] {
  let names: string[]
  try {
    names = fs.readdirSync(folder())
  } catch {
    return []
  }
  const found: Array<RunningServer & { since: number }> = []
  for (const name of names.filter((entry) => entry.endsWith('.json'))) {
    const file = path.join(folder(), name)
    try {
      const note = JSON.parse(fs.readFileSync(file, 'utf8')) as RunningServer
      if (Number.isInteger(note.pid) && Number.isInteger(note.port) && alive(note.pid)) found.push({ ...note, since: fs.statSync(file).mtimeMs })
    } catch {
      // Being written or removed this instant: not a server to name.
    }
  }
  return found.sort((a, b) => a.since - b.since).map(({ since: _since, ...note }) => note)
}

/** "the server on port 8080 (pid 123, data in /srv/console)", for the tools' messages. */
export const describeServer = (server: RunningServer): string =>
  `the server on port ${server.port} (pid ${server.pid}, ${server.dataDir ? `data in ${server.dataDir}` : 'data in PostgreSQL'})`
