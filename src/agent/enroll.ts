import os from 'node:os'
import type { Enrolled } from '../contract/enrollment'
import { messageOf, NoAnswer, post } from './client'
import { log } from './options'
import { machineModel, machineSerial } from './machine'
import { backoffSeconds, pause } from './pace'
import { writeState, type AgentState } from './state'

/** The key was refused (401): the agent exits with code 3, as for a refused credential. */
export class Refused extends Error {}

export interface EnrollInput {
  url: string
  key: string
  name?: string
  serial?: string
  state: string
  /** Where the device's files are read from; `/` on a device. */
  root?: string
}

/**
 * Enrolls this device with an enrollment key and writes the state file before anything else.
 * Waits and tries again while the console cannot be reached or answers 5xx (a device that boots
 * before its network); a refusal ends it.
 */
export async function enroll(input: EnrollInput, stop: AbortSignal): Promise<AgentState | undefined> {
  const serial = input.serial ?? machineSerial(input.root)
  if (!serial) throw new Error('no serial could be read: give one with --serial')
  const name = (input.name ?? os.hostname()).slice(0, 120) || undefined
  const model = machineModel(input.root)
  const body = { serial, ...(name ? { name } : {}), ...(model ? { model } : {}) }
  if (input.url.startsWith('http://') && !/^http:\/\/(localhost|127\.|\[::1\])/.test(input.url)) {
    log('warning: the console is plain http, so the key and the credential cross the network readable')
  }
  for (let failures = 0; !stop.aborted; failures++) {
    let wait: number
    try {
      const answer = await post<Enrolled>(input.url, '/devices/enroll', input.key, body, stop)
      if ((answer.status === 200 || answer.status === 201) && answer.body?.credential?.secret) {
        const { device, credential, reattached } = answer.body
        const state: AgentState = { url: input.url, device_id: device.id, credential }
        writeState(input.state, state)
        log(`enrolled as ${device.name} (${device.id}, serial ${serial})${reattached ? ', its record re-attached' : ''}; state in ${input.state}`)
        return state
      }
      if (answer.status === 401) throw new Refused(`the console refused the enrollment key: ${messageOf(answer)}`)
      if (answer.status === 429) wait = answer.retryAfterS ?? backoffSeconds(failures)
      else if (answer.status >= 500) wait = backoffSeconds(failures)
      else throw new Error(`the console refused to enroll this device: ${messageOf(answer)}`)
      log(`enrolling: the console answered ${answer.status}; trying again in ${Math.round(wait)} s`)
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error
      if (stop.aborted) break
      wait = backoffSeconds(failures)
      log(`enrolling: no answer from ${input.url} (${error.message}); trying again in ${Math.round(wait)} s`)
    }
    await pause(wait * 1000, stop)
  }
  return undefined
}
