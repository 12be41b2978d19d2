// The real agent as a device runs it: `agent.mjs` bundled as the build bundles it, and `agent.sh`,
// each started as a child process against a test server.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildAgent } from '../../src/build/agent.mjs'
import type { EnrollmentKeyInput, IssuedEnrollmentKey } from '../../src/contract/enrollment'
import type { TestServer } from './_server'

let built: Promise<string> | undefined

/** The build's agent folder (agent.mjs, agent.sh, agent.service), made once per test file. */
export function agentBuild(): Promise<string> {
  built ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-build-'))
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
    await buildAgent(process.cwd(), dir)
    return dir
  })()
  return built
}

export interface RunningAgent {
  process: ChildProcess
  /** What it logged so far (stderr and stdout). */
  output(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const running = new Set<ChildProcess>()
/** Kills every agent still running; a test file's `after` calls it, so none outlives its file. */
export function killAgents(): void {
  for (const child of running) child.kill('SIGKILL')
}
process.once('exit', killAgents)

/** Starts `command` (`node <build>/agent.mjs ...` or `sh <build>/agent.sh ...`) with `home` as its HOME. */
export function startAgent(command: string, args: string[], home: string): RunningAgent {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home } })
  running.add(child)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    }),
  )
  return { process: child, output: () => output, exited }
}

/** An enrollment key made through the API by `token` (a session with the right `devices`). */
export async function makeEnrollmentKey(server: TestServer, token: string, input: Partial<EnrollmentKeyInput> = {}): Promise<IssuedEnrollmentKey> {
  const body: EnrollmentKeyInput = { name: 'Agent test', max_uses: 10, expires_in_days: 1, tags: [], location: '', model: 'Test box', approve: false, ephemeral: false, ...input }
  const res = await server.post('/enrollment_keys/', body, token)
  if (res.status !== 201) throw new Error(`making an enrollment key answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as IssuedEnrollmentKey
}
