// The Edgeline agent (`GET /agent.mjs`): one file for Node 18+ with no dependency. `enroll` joins
// the device with an enrollment key, `run` sends its heartbeats and keeps the link its tunnels
// travel over, `connect` reaches a TCP tunnel from the operator's machine; SIGTERM and Ctrl-C stop it.
import { run } from './beats'
import { connect } from './connect'
import { enroll, Refused } from './enroll'
import { log, parseOptions, USAGE, type AgentOptions } from './options'
import { readState, type AgentState } from './state'

async function main(options: AgentOptions, stop: AbortSignal): Promise<number> {
  if (options.command === 'connect') {
    const say = (line: string) => process.stdout.write(`${line}\n`)
    return connect({ tunnel: options.tunnel!, url: options.url!, key: options.key!, listen: options.listen!, log, say }, stop)
  }
  let state: AgentState | undefined = readState(options.state)
  if (options.command === 'enroll') {
    if (state && state.url === options.url) log(`already enrolled as device ${state.device_id} (${options.state}); running`)
    else state = await enroll({ url: options.url!, key: options.key!, name: options.name, serial: options.serial, state: options.state }, stop)
    if (!state) return 0
  } else if (!state) {
    log(`no state file at ${options.state}: enroll this device first (node agent.mjs enroll --url <console> --key <enk_...>)`)
    return 1
  }
  return run(state, { stateFile: options.state, every: options.every, once: options.once, firmware: options.firmware, link: options.link }, stop)
}

let options: AgentOptions | 'help'
try {
  options = parseOptions(process.argv.slice(2))
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`)
  process.exit(2)
}
if (options === 'help') {
  process.stdout.write(`${USAGE}\n`)
} else {
  const stopping = new AbortController()
  const stop = (signal: string) => {
    if (stopping.signal.aborted) process.exit(0)
    log(`${signal}: stopping`)
    stopping.abort()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  main(options, stopping.signal).then(
    (code) => process.exit(code),
    (error: unknown) => {
      log(error instanceof Error ? error.message : String(error))
      process.exit(error instanceof Refused ? 3 : 1)
    },
  )
}
