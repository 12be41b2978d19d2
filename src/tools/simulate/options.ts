import { parseArgs } from 'node:util'
import type { RunningServer } from '../../server/running-servers'
import { serverUrl } from '../which-server'

export interface SimOptions {
  url: string
  devices: number
  email?: string
  password?: string
  key?: string
  /** Seconds between one device's heartbeats. */
  every: number
  /** Requests in flight at most, across the fleet. */
  concurrency: number
  /** Drive the organization's other devices (the seeded fleet) too. */
  adopt: boolean
}

export const USAGE = `npm run simulate -- [options]

  --devices N        devices to simulate, serials SIM-0001... (default 20); a second run reuses them
  --url URL          the console's server (default http://localhost:$PORT, else the one
                     console running here, else http://localhost:8080)
  --email E          admin e-mail to sign in with (default $ADMIN_EMAIL, else admin@example.com)
  --password P       its password (default $ADMIN_PASSWORD)
  --key K            an enrollment key (enk_...) the devices join with, or an access key
                     holding 'devices' that makes one, instead of signing in
  --every S          seconds between one device's heartbeats (default 5)
  --concurrency C    requests in flight at most (default 16)
  --adopt            drive the organization's other devices (the seeded fleet) too
`

const positive = (name: string, text: string, min: number, max: number): number => {
  const value = Number(text)
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${name} takes a number from ${min} to ${max}, got "${text}"`)
  return value
}

/** The simulator's options from its command line and environment; throws with a message on bad input. */
export function parseOptions(argv: string[], env: Record<string, string | undefined>, running: RunningServer[] = []): SimOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string', default: '20' },
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      key: { type: 'string' },
      every: { type: 'string', default: '5' },
      concurrency: { type: 'string', default: '16' },
      adopt: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return 'help'
  const url = (values.url ?? serverUrl(env, running).url).replace(/\/+$/, '')
  if (!URL.canParse(url)) throw new Error(`--url takes an address such as http://localhost:8080, got "${url}"`)
  const options: SimOptions = {
    url,
    devices: Math.floor(positive('devices', values.devices, 0, 100_000)),
    email: values.email ?? env.ADMIN_EMAIL ?? 'admin@example.com',
    password: values.password ?? env.ADMIN_PASSWORD,
    key: values.key ?? undefined,
    every: positive('every', values.every, 0.5, 3600),
    concurrency: Math.floor(positive('concurrency', values.concurrency, 1, 1024)),
    adopt: values.adopt,
  }
  if (!options.key && !options.password) {
    throw new Error('Give the admin password npm start printed (--password or ADMIN_PASSWORD), or an access key (--key).')
  }
  return options
}
