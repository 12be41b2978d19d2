// Shared parts of the enrollment tests: keys made over the API, a device enrolling and beating.
import * as assert from 'uvu/assert'
import { call, type Answer, type Tenant, type TestServer } from '../collections/_api'

type Rec = Record<string, any>

let made = 0
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++made}`

/** The body of an enrollment key: one-off, a week, presetting a tag, a place and a model. */
export const createEnrollmentKey = (overrides: Rec = {}) => ({
  name: `Enroll ${unique()}`,
  max_uses: 1,
  expires_in_days: 7,
  tags: ['kiosk'],
  location: 'Lobby',
  model: 'Pi 5',
  approve: false,
  ephemeral: false,
  ...overrides,
})

/** A serial no other test uses. */
export const newSerial = () => `RPI-${unique()}`

/** An enrollment key made by `owner`, with its secret. */
export async function makeKey(server: TestServer, owner: Tenant, overrides: Rec = {}): Promise<Rec> {
  const answer = await call(server, 'POST', '/enrollment_keys/', owner.token, createEnrollmentKey(overrides))
  assert.is(answer.status, 201, answer.text)
  return answer.body
}

/** `POST /devices/enroll` with `secret` as the Bearer. */
export const enroll = (server: TestServer, secret: string | undefined, body: Rec = { serial: newSerial() }): Promise<Answer> => call(server, 'POST', '/devices/enroll', secret, body)

/** A device enrolled with `secret`: its id and its credential's secret. */
export async function enrolled(server: TestServer, secret: string, body: Rec = { serial: newSerial() }): Promise<{ id: string; credential: Rec; body: Rec }> {
  const answer = await enroll(server, secret, body)
  assert.ok(answer.status === 201 || answer.status === 200, answer.text)
  return { id: answer.body.device.id, credential: answer.body.credential, body: answer.body }
}

const READINGS = { ip: '10.0.0.7', firmware: '1.0.0', metrics: { latency_ms: 5, bytes_in: 10, bytes_out: 20, cpu: 3, memory: 40 } }

/** A heartbeat of `deviceId` sent with `token`, with a few readings. */
export const beat = (server: TestServer, token: string, deviceId: string, body: Rec = READINGS): Promise<Answer> => call(server, 'POST', `/devices/${encodeURIComponent(deviceId)}/heartbeat`, token, body)

/** `POST /devices/credential/renew` with the credential `token`. */
export const renew = (server: TestServer, token: string): Promise<Answer> => call(server, 'POST', '/devices/credential/renew', token)
