// The agent's command line: its options and usage in, one line per event out (stderr).
import { parseArgs } from 'node:util'
import { ENROLLMENT_KEY_PREFIX } from '../contract/device-credentials'
import { defaultStateFile } from './state'

export interface AgentOptions {
  command: 'enroll' | 'run'
  url?: string
  key?: string
  name?: string
  serial?: string
  firmware?: string
  state: string
  /** Seconds between heartbeats. */
  every: number
  /** One heartbeat, then exit. */
  once: boolean
}

export const USAGE = `Edgeline agent: joins a device to the console and sends its heartbeats.

  node agent.mjs enroll --url <console> --key <enk_...> [--name N] [--serial S] [options]
      enrolls this device once (again only when its state file is gone), then runs
  node agent.mjs run [options]
      runs from the state file

  --state FILE     the state file (default ~/.config/edgeline-agent/credential.json)
  --every S        seconds between heartbeats (default 30)
  --firmware V     the firmware version to report (default /etc/edgeline-firmware, else the kernel's)
  --once           send one heartbeat and exit

Exit codes: 0 stopped, 1 failed, 2 bad usage, 3 the console refused the key or credential.`

/** The agent's options from its command line; throws with a message on bad usage, 'help' for help. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): AgentOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      name: { type: 'string' },
      serial: { type: 'string' },
      firmware: { type: 'string' },
      state: { type: 'string' },
      every: { type: 'string', default: '30' },
      once: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help || positionals[0] === 'help') return 'help'
  const command = positionals[0]
  if (command !== 'enroll' && command !== 'run') throw new Error(command ? `unknown command "${command}"` : 'say enroll or run')
  const every = Number(values.every)
  if (!Number.isFinite(every) || every < 1 || every > 3600) throw new Error(`--every takes seconds from 1 to 3600, got "${values.every}"`)
  const options: AgentOptions = { command, state: values.state || defaultStateFile(env), every, once: values.once ?? false }
  if (command === 'enroll') {
    if (!values.url || !values.key) throw new Error('enroll needs --url and --key')
    let url: URL
    try {
      url = new URL(values.url)
    } catch {
      throw new Error(`--url takes the console's address, such as https://console.example.com, got "${values.url}"`)
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('--url must be an http or https address')
    if (!values.key.startsWith(ENROLLMENT_KEY_PREFIX)) throw new Error(`--key takes an enrollment key (${ENROLLMENT_KEY_PREFIX}...)`)
    Object.assign(options, { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, key: values.key, name: values.name, serial: values.serial })
  }
  if (values.firmware) options.firmware = values.firmware
  return options
}

/** One line to stderr, with the time; never a secret. */
export function log(line: string): void {
  process.stderr.write(`${new Date().toISOString().slice(0, 19)}Z ${line.replace(/\s*\n\s*/g, ' ')}\n`)
}
