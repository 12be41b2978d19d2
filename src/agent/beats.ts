import { renewDue } from '../contract/device-credentials'
import type { IssuedCredential } from '../contract/enrollment'
import { messageOf, NoAnswer, post, type Answer } from './client'
import { runLink } from './link'
import { log } from './options'
import { firmwareVersion, osName, readings, Sampler } from './machine'
import { backoffSeconds, pause } from './pace'
import { writeState, type AgentState } from './state'

/** A device refused for another reason than its credential (disabled) tries again this seldom at most. */
const REFUSED_EVERY_S = 120
/** The first heartbeat waits this long after the agent starts, so it carries a CPU reading. */
const FIRST_SAMPLE_MS = 1000

export interface RunOptions {
  stateFile: string
  every: number
  once: boolean
  firmware?: string
  root?: string
  /** Keeps the link the device's tunnels travel over beside the heartbeats (not with `once`). */
  link?: boolean
}

/** Exit codes: 0 stopped (or one beat sent), 1 failed, 3 the console refused the credential. */
export type ExitCode = 0 | 1 | 3

const refusedCredential = (answer: Answer, stateFile: string) =>
  log(`the console refused this device's credential (${messageOf(answer)}): it was revoked or has expired. To join again, remove ${stateFile} and run the enroll command with a new key`)

/** Renews the credential when it is due, writing the state file before the new secret is used. */
async function renewIfDue(state: AgentState, stateFile: string, stop: AbortSignal): Promise<AgentState | 3> {
  if (!renewDue(state.credential.expires_at, Date.now())) return state
  try {
    const answer = await post<IssuedCredential>(state.url, '/devices/credential/renew', state.credential.secret, {}, stop)
    if (answer.status === 401) return refusedCredential(answer, stateFile), 3
    if (answer.status >= 300 || !answer.body?.secret) {
      log(`could not renew the credential (${messageOf(answer)}); trying again with the next heartbeat`)
      return state
    }
    const renewed = { ...state, credential: answer.body }
    writeState(stateFile, renewed)
    log(`renewed the credential ${answer.body.prefix}, valid until ${answer.body.expires_at}`)
    return renewed
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error
    if (!stop.aborted) log(`could not renew the credential (${error.message}); trying again with the next heartbeat`)
    return state
  }
}

/**
 * Sends the device's heartbeats and keeps its link (unless `link` is off) until stopped; ends with 3
 * when either is refused the credential, stopping the other.
 */
export async function run(start: AgentState, options: RunOptions, outer: AbortSignal): Promise<ExitCode> {
  const stopping = new AbortController()
  const stopAll = () => stopping.abort()
  outer.addEventListener('abort', stopAll)
  let refused = false
  const link = options.link && !options.once
    ? runLink(start, { stateFile: options.stateFile, stop: stopping.signal, log, onRefused: () => ((refused = true), stopping.abort()) })
    : undefined
  try {
    const code = await beat(start, options, stopping.signal)
    return refused ? 3 : code
  } finally {
    outer.removeEventListener('abort', stopAll)
    stopping.abort()
    await link
  }
}

/**
 * Sends the device's heartbeats every `every` s until stopped: backs off on network errors and 5xx,
 * waits as a 429 asks, keeps beating while the device waits for approval or is disabled, and ends
 * with 3 when the credential is refused.
 */
async function beat(start: AgentState, options: RunOptions, stop: AbortSignal): Promise<ExitCode> {
  let state = start
  const fixed = { os: osName(options.root), firmware: firmwareVersion(options.root, options.firmware) }
  const sampler = new Sampler(options.root)
  sampler.sample()
  await pause(FIRST_SAMPLE_MS, stop)
  let latency: number | undefined
  let failures = 0
  let said = ''
  /** Logs a line when it differs from the last one said, so a steady state is one line, not one a beat. */
  const tell = (line: string) => {
    if (line !== said) log(line)
    said = line
  }
  if (!options.once) log(`sending heartbeats of device ${state.device_id} to ${state.url} every ${options.every} s`)
  while (!stop.aborted) {
    const renewed = await renewIfDue(state, options.stateFile, stop)
    if (renewed === 3) return 3
    state = renewed
    let wait = options.every
    try {
      const answer = await post(state.url, `/devices/${encodeURIComponent(state.device_id)}/heartbeat`, state.credential.secret, readings(sampler, fixed, latency), stop)
      latency = answer.tookMs
      if (answer.status === 401) return refusedCredential(answer, options.stateFile), 3
      if (answer.status === 202) tell('waiting for approval: the device shows as pending in the console until someone approves it')
      else if (answer.status < 300) tell('heartbeats accepted')
      else if (answer.status === 429 || answer.status >= 500) {
        wait = answer.status === 429 && answer.retryAfterS !== undefined ? answer.retryAfterS : backoffSeconds(failures)
        failures++
        tell(`the console answered ${answer.status} (${messageOf(answer)}); trying again after a pause`)
      } else {
        wait = Math.max(options.every, REFUSED_EVERY_S)
        tell(`the console refused the heartbeat (${answer.status}: ${messageOf(answer)}); trying again every ${wait} s`)
      }
      if (answer.status < 300) failures = 0
      if (options.once) return answer.status < 300 ? 0 : 1
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error
      if (stop.aborted) break
      latency = undefined
      if (options.once) return log(`no answer from ${state.url} (${error.message})`), 1
      wait = backoffSeconds(failures)
      failures++
      tell(`no answer from ${state.url} (${error.message}); trying again after a pause`)
    }
    await pause(wait * 1000, stop)
  }
  return 0
}
