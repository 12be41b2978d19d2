// The agent's command line: its options and usage in, one line per event out (stderr).
import { parseArgs } from 'node:util'
import { DEVICE_CREDENTIAL_PREFIX, ENROLLMENT_KEY_PREFIX } from '../contract/device-credentials'
import { defaultStateFile } from './state'

export interface AgentOptions {
  command: 'enroll' | 'run' | 'connect'
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
  /** Keep the link the console's tunnels travel over (off with `--no-link`). */
  link: boolean
  /** `connect`: the TCP tunnel, and where its local end listens. */
  tunnel?: string
  listen?: { host: string; port: number }
}

/** Where `connect` listens when `--listen` is not given. */
export const DEFAULT_LISTEN = '127.0.0.1:2222'

export const USAGE = `Edgeline agent: joins a device to the console, sends its heartbeats and carries its tunnels.

  node agent.mjs enroll --url <console> --key <enk_...> [--name N] [--serial S] [options]
      enrolls this device once (again only when its state file is gone), then runs
  node agent.mjs run [options]
      runs from the state file
  node agent.mjs connect <tunnel> --url <console> --key <edk_...> [--listen HOST:PORT]
      on your own machine: reaches a TCP tunnel's target at HOST:PORT (default ${DEFAULT_LISTEN}),
      with an access key holding the right tunnels (or the env EDGELINE_KEY)

  --state FILE     the state file (default ~/.config/edgeline-agent/credential.json)
  --every S        seconds between heartbeats (default 30)
  --firmware V     the firmware version to report (default /etc/edgeline-firmware, else the kernel's)
  --once           send one heartbeat and exit
  --no-link        send heartbeats only: the console cannot reach this device's tunnels

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
      'no-link': { type: 'boolean', default: false },
      listen: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help || positionals[0] === 'help') return 'help'
  const command = positionals[0]
  if (command !== 'enroll' && command !== 'run' && command !== 'connect') throw new Error(command ? `unknown command "${command}"` : 'say enroll, run or connect')
  const every = Number(values.every)
  if (!Number.isFinite(every) || every < 1 || every > 3600) throw new Error(`--every takes seconds from 1 to 3600, got "${values.every}"`)
  const options: AgentOptions = { command, state: values.state || defaultStateFile(env), every, once: values.once ?? false, link: !values['no-link'] }
  if (command === 'enroll') {
    if (!values.url || !values.key) throw new Error('enroll needs --url and --key')
    if (!values.key.startsWith(ENROLLMENT_KEY_PREFIX)) throw new Error(`--key takes an enrollment key (${ENROLLMENT_KEY_PREFIX}...)`)
    Object.assign(options, { url: consoleUrl(values.url), key: values.key, name: values.name, serial: values.serial })
  }
  if (command === 'connect') {
    const tunnel = positionals[1]
    const key = values.key || env.EDGELINE_KEY
    if (!tunnel) throw new Error('connect needs the tunnel: node agent.mjs connect <tunnel id> --url <console> --key <edk_...>')
    if (!values.url || !key) throw new Error('connect needs --url and --key (or the env EDGELINE_KEY)')
    if (key.startsWith(ENROLLMENT_KEY_PREFIX) || key.startsWith(DEVICE_CREDENTIAL_PREFIX)) throw new Error('--key takes an access key of yours holding the right tunnels, not a device\'s key')
    Object.assign(options, { url: consoleUrl(values.url), key, tunnel, listen: listenAddress(values.listen ?? DEFAULT_LISTEN) })
  }
  if (values.firmware) options.firmware = values.firmware
  return options
}

/** The console's address from `--url`, without a trailing slash. */
function consoleUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`--url takes the console's address, such as https://console.example.com, got "${value}"`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('--url must be an http or https address')
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** `--listen HOST:PORT` (an IPv6 host in brackets); port 0 lets the system choose. */
export function listenAddress(value: string): { host: string; port: number } {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:\s]+)):(\d{1,5})$/.exec(value)
  const port = Number(match?.[3])
  if (!match || port > 65535) throw new Error(`--listen takes HOST:PORT, such as ${DEFAULT_LISTEN}, got "${value}"`)
  return { host: match[1] ?? match[2]!, port }
}

/** One line to stderr, with the time; never a secret. */
export function log(line: string): void {
  process.stderr.write(`${new Date().toISOString().slice(0, 19)}Z ${line.replace(/\s*\n\s*/g, ' ')}\n`)
}
