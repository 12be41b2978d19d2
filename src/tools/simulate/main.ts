// `npm run simulate -- --devices N`: a fleet of simulated devices sending heartbeats to a running
// server, so the console shows devices coming online, dropping out and coming back. Ctrl-C stops.
import { ENROLLMENT_KEY_PREFIX, MAX_ENROLLMENT_USES } from '../../contract/enrollment'
import { apiClient, countWithStatus, issueEnrollmentKey, revokeEnrollmentKey, signIn, signOut, type Api } from './api'
import { runningServers } from '../../server/running-servers'
import { ensureFleet } from './fleet'
import { parseOptions, USAGE, type SimOptions } from './options'
import { runFleet, type Fleet } from './run'

const SUMMARY_EVERY_MS = 10_000
const started = Date.now()
const clock = () => {
  const s = Math.floor((Date.now() - started) / 1000)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
const log = (line: string) => console.log(`[${clock()}] ${line}`)

let admin: Api | undefined
let signedIn = false
let issuedKeyId: string | undefined
let fleet: Fleet | undefined
let summary: ReturnType<typeof setInterval> | undefined
let stopping = false

/** Stops the agents, revokes the enrollment key this run made, signs out; a second Ctrl-C leaves at once. */
async function shutdown(code: number, reason?: string): Promise<never> {
  if (stopping) process.exit(code || 130)
  stopping = true
  if (reason) console.error(reason)
  clearInterval(summary)
  await fleet?.stop()
  if (fleet) log(`stopped: sent ${fleet.stats.sent}, failed ${fleet.stats.failed}`)
  if (admin && issuedKeyId) {
    await revokeEnrollmentKey(admin, issuedKeyId).then(
      () => log('revoked the enrollment key this run made (its devices keep their credentials)'),
      (error: Error) => log(`could not revoke the enrollment key this run made (${error.message}); revoke it in Enrollment keys`),
    )
  }
  if (admin && signedIn) await signOut(admin).catch(() => undefined)
  process.exit(code)
}

async function serverCounts(api: Api): Promise<string> {
  try {
    const [online, error, offline] = await Promise.all((['online', 'error', 'offline'] as const).map((status) => countWithStatus(api, status)))
    return `organization: ${online} online, ${error} error, ${offline} offline`
  } catch {
    return 'organization: counts unavailable'
  }
}

function startSummary(api: Api, running: Fleet, devices: number): void {
  let last = { sent: 0, failed: 0 }
  let busy = false
  summary = setInterval(async () => {
    if (busy) return
    busy = true
    const { sent, failed, lastError } = running.stats
    const states = { up: 0, error: 0, down: 0 }
    for (const agent of running.agents) states[agent.state]++
    const rate = ((sent - last.sent) / (SUMMARY_EVERY_MS / 1000)).toFixed(1)
    const failures = failed > last.failed ? `failed ${failed} (+${failed - last.failed}, last ${lastError})` : `failed ${failed}`
    last = { sent, failed }
    const agents = `agents: ${states.up} up, ${states.error} error, ${states.down} silent of ${devices}`
    log(`sent ${sent} (${rate}/s)  ${failures} | ${agents} | ${await serverCounts(api)}`)
    busy = false
  }, SUMMARY_EVERY_MS)
}

async function main(options: SimOptions): Promise<void> {
  // An enrollment key given joins the devices as it is; an access key (right `devices`) or the
  // admin's sign-in makes one for this run.
  let key = options.key?.startsWith(ENROLLMENT_KEY_PREFIX) ? options.key : undefined
  if (options.key && !key) admin = apiClient(options.url, options.key)
  else if (!options.key) {
    admin = apiClient(options.url, await signIn(options.url, options.email!, options.password!))
    signedIn = true
    log(`signed in to ${options.url} as ${options.email}`)
  }
  if (options.adopt && !admin) return void shutdown(2, '--adopt lists the organization\'s devices: give the admin password or an access key holding devices, not an enrollment key.')
  if (!key) {
    const uses = Math.min(MAX_ENROLLMENT_USES, Math.max(1, options.devices))
    const issued = await issueEnrollmentKey(admin!, { name: 'Device simulator', max_uses: uses, expires_in_days: 1, tags: ['simulated'], location: '', model: 'Simulated device', approve: false, ephemeral: false })
    issuedKeyId = issued.id
    key = issued.secret
    log(`issued enrollment key ${issued.prefix} for ${uses} device(s), revoked again on Ctrl-C`)
  }
  const api = apiClient(options.url, key)
  const devices = await ensureFleet({ enroller: api, admin, clientFor: (secret) => apiClient(options.url, secret) }, options.devices, options.adopt, options.concurrency, log)
  if (stopping) return
  if (!devices.length) return void shutdown(1, 'No devices to drive.')
  log(`${devices.length} agents reporting every ${options.every} s, at most ${options.concurrency} requests at once; Ctrl-C stops`)
  fleet = runFleet(api, devices, {
    every: options.every,
    concurrency: options.concurrency,
    fatal: (message) => void shutdown(1, message),
    log,
  })
  // An enrollment key cannot read the counts; the admin's session or access key can.
  startSummary(admin ?? api, fleet, devices.length)
}

let options: SimOptions | 'help'
try {
  options = parseOptions(process.argv.slice(2), process.env, runningServers())
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
  process.exit(2)
}
if (options === 'help') {
  console.log(USAGE)
} else {
  process.on('SIGINT', () => void shutdown(0))
  process.on('SIGTERM', () => void shutdown(0))
  main(options).catch((error: unknown) => shutdown(1, `The simulator stopped: ${error instanceof Error ? error.message : String(error)}`))
}
