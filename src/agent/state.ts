// The agent's state file: the console it joined, its device and its credential. Readable by its
// user only, and always whole: a new one is written beside it and renamed over it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { IssuedCredential } from '../contract/enrollment'

export interface AgentState {
  url: string
  device_id: string
  credential: IssuedCredential
}

/** `~/.config/edgeline-agent/credential.json` (under `XDG_CONFIG_HOME` when it is set). */
export const defaultStateFile = (env: NodeJS.ProcessEnv = process.env): string =>
  path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'edgeline-agent', 'credential.json')

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** The state in `file`, undefined when there is none; throws when it is there but cannot be used. */
export function readState(file: string): AgentState | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`cannot read the state file ${file}: ${(error as Error).message}`)
  }
  let state: Partial<AgentState>
  try {
    state = JSON.parse(text) as Partial<AgentState>
  } catch {
    throw new Error(`the state file ${file} is not JSON; remove it and enroll again`)
  }
  if (!isText(state.url) || !isText(state.device_id) || !isText(state.credential?.secret) || !isText(state.credential?.expires_at)) {
    throw new Error(`the state file ${file} lacks the url, device_id or credential; remove it and enroll again`)
  }
  // A copy left readable by others (restored from a backup) is closed again.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600)
  return state as AgentState
}

/** Writes the state whole (mode 0600; the folder made 0700 when it is new), then renames it into place. */
export function writeState(file: string, state: AgentState): void {
  const dir = path.dirname(file)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`)
  fs.rmSync(temporary, { force: true })
  const fd = fs.openSync(temporary, 'wx', 0o600)
  try {
    fs.fchmodSync(fd, 0o600)
    fs.writeFileSync(fd, `${JSON.stringify(state, null, 2)}\n`)
    fs.fsyncSync(fd)
  } catch (error) {
    fs.closeSync(fd)
    fs.rmSync(temporary, { force: true })
    throw error
  }
  fs.closeSync(fd)
  fs.renameSync(temporary, file)
  // The rename on disk before the new secret is used.
  try {
    const dirFd = fs.openSync(dir, 'r')
    fs.fsyncSync(dirFd)
    fs.closeSync(dirFd)
  } catch {
    // Not every system syncs a folder; the file itself is on disk.
  }
}
