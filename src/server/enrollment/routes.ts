import { Hono } from 'hono'
import { CREDENTIAL_GRACE_S, CREDENTIAL_LIFETIME_DAYS, EnrollBody } from '../../contract/enrollment'
import { writerOf } from '../collections/routes'
import { collectionRecords } from '../collections/records'
import { bearer, requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { readBody } from '../http/body'
import { requestOrigin } from '../http/client'
import { fail } from '../http/errors'
import { describe } from '../openapi/registry'
import { bool, obj, orNull, ref, str, time } from '../openapi/shapes'
import type { Services } from '../services'
import { credentialOf, renewCredential } from './credentials'
import { approveDevice, refuseDevice, revokeDeviceCredential } from './device-actions'
import { enroll } from './enroll'
import { enrollmentKeys } from './keys'

const CREDENTIAL = obj({ id: str, device_id: str, prefix: str, created_at: time, expires_at: time, last_used_at: orNull(time), revoked_at: orNull(time) })
const ISSUED = obj({ id: str, device_id: str, prefix: str, created_at: time, expires_at: time, last_used_at: orNull(time), revoked_at: orNull(time), secret: str })
const ERROR = { ref: 'Error' }
const DEVICE = { ref: 'DeviceRecord' }
const ID = { id: 'The device\'s id.' }
const byOperator = { tag: 'Enrollment', caller: 'principal' as const, rights: ['devices'] }

describe(
  {
    method: 'post',
    path: '/devices/enroll',
    tag: 'Enrollment',
    summary: 'Enroll a device',
    description: `Sent by a device with \`Authorization: Bearer enk_…\` (an enrollment key): it joins the key's organization with the key's presets, or, when a device of the same serial is there already, re-attaches to that record (name, tags and history kept; no use of the key taken; its old credentials revoked). Either way it gets a credential of its own (\`edc_…\`, valid ${CREDENTIAL_LIFETIME_DAYS} days, renewed with \`POST /devices/credential/renew\`) that sends its heartbeats and does nothing else.`,
    caller: 'public',
    deviceToken: 'enrollmentKey',
    body: EnrollBody,
    example: { serial: 'RPI-10000000a1b2c3d4', name: 'Lobby kiosk' },
    answers: {
      200: { description: 'A device of this serial was there already: re-attached, with a fresh credential.', body: obj({ device: obj({ id: str, name: str, status: ref('DeviceStatus') }), credential: ISSUED, reattached: bool }) },
      201: { description: 'The device, new, and its credential (the secret sent this once).', body: obj({ device: obj({ id: str, name: str, status: ref('DeviceStatus') }), credential: ISSUED, reattached: bool }) },
      401: { description: 'An enrollment key unknown, revoked, expired or used up.', body: ERROR },
      409: { description: 'The plan\'s device limit is reached, or the same serial is enrolling at this moment.', body: ERROR },
    },
  },
  {
    method: 'post',
    path: '/devices/credential/renew',
    tag: 'Enrollment',
    summary: 'Renew a device credential',
    description: `Sent by a device with its credential (\`Authorization: Bearer edc_…\`): answers a new credential; the one renewed still works ${CREDENTIAL_GRACE_S} s, so a lost answer locks nobody out. A credential renews once.`,
    caller: 'public',
    deviceToken: 'deviceCredential',
    answers: {
      200: { description: 'The new credential (the secret sent this once).', body: ISSUED },
      401: { description: 'A credential unknown, revoked or expired.', body: ERROR },
      403: { description: 'The device is disabled.', body: ERROR },
      409: { description: 'This credential was renewed already.', body: ERROR },
    },
  },
  {
    ...byOperator,
    method: 'get',
    path: '/devices/:id/credential',
    summary: 'A device\'s credential',
    description: 'The device\'s live credential (never its secret): when it was made, when it ends, when it was last used.',
    params: ID,
    answers: { 200: { description: 'The live credential, or null when the device has none (never enrolled, or revoked).', body: orNull(CREDENTIAL) }, 404: { description: 'No such device.', body: ERROR } },
  },
  {
    ...byOperator,
    method: 'post',
    path: '/devices/:id/credential/revoke',
    summary: 'Revoke a device\'s credential',
    description: 'Revokes every credential of the device at once: its next call is 401 until it enrolls again.',
    params: ID,
    answers: { 200: { description: 'The credential, revoked.', body: CREDENTIAL }, 404: { description: 'No such device, or no credential standing.', body: ERROR } },
  },
  {
    ...byOperator,
    method: 'post',
    path: '/devices/:id/approve',
    summary: 'Approve a pending device',
    description: 'A device enrolled with a key that asks for approval waits `pending`, its heartbeats held; approved, it is `provisioning` and online at its next heartbeat.',
    params: ID,
    answers: { 200: { description: 'The device, approved.', body: DEVICE }, 404: { description: 'No such device.', body: ERROR }, 409: { description: 'The device is not pending.', body: ERROR } },
  },
  {
    ...byOperator,
    method: 'post',
    path: '/devices/:id/refuse',
    summary: 'Refuse a pending device',
    description: 'Removes a pending device and its credential.',
    params: ID,
    answers: { 200: { description: 'The device as it was.', body: DEVICE }, 404: { description: 'No such device.', body: ERROR }, 409: { description: 'The device is not pending.', body: ERROR } },
  },
  {
    ...byOperator,
    method: 'post',
    path: '/enrollment_keys/:id/revoke',
    summary: 'Revoke an enrollment key',
    description: 'It enrolls no more devices and stays listed with `revoked_at`; the devices it enrolled keep their credentials.',
    params: { id: 'The key\'s id.' },
    answers: { 200: { description: 'The key, revoked.', body: { ref: 'EnrollmentKeyRecord' } }, 404: { description: 'No such key.', body: ERROR } },
  },
)

/** Enrolling, renewing, and the operator's actions on a device's credential and approval. */
export function enrollmentRoutes(services: Services) {
  const keys = collectionRecords(services, enrollmentKeys)
  const operator = [requirePrincipal(services), requireRight('devices')] as const
  return new Hono<AuthEnv>()
    .post('/devices/enroll', async (c) => {
      const token = bearer(c.req.header('Authorization'))
      if (!token) throw fail(401, 'enrollmentKeyRefused')
      const body = await readBody(c, EnrollBody)
      const enrolled = await enroll(services, token, body, requestOrigin(services, c))
      return c.json(enrolled, enrolled.reattached ? 200 : 201)
    })
    .post('/devices/credential/renew', requirePrincipal(services, { device: true }), async (c) => {
      const { kind, deviceId, credentialId, organizationId } = c.var.principal
      if (kind !== 'device' || !deviceId || !credentialId) throw fail(403, 'forbidden')
      return c.json(await renewCredential(services.db, { deviceId, credentialId, organizationId }, services.now().toISOString()))
    })
    .get('/devices/:id/credential', ...operator, async (c) => c.json(await credentialOf(services.db, c.var.principal.organizationId, c.req.param('id'))))
    .post('/devices/:id/credential/revoke', ...operator, async (c) => c.json(await revokeDeviceCredential(services, await writerOf(services, c), c.req.param('id'))))
    .post('/devices/:id/approve', ...operator, async (c) => c.json(await approveDevice(services, await writerOf(services, c), c.req.param('id'))))
    .post('/devices/:id/refuse', ...operator, async (c) => c.json(await refuseDevice(services, await writerOf(services, c), c.req.param('id'))))
    .post('/enrollment_keys/:id/revoke', ...operator, async (c) => c.json(await keys.remove(await writerOf(services, c), c.req.param('id'))))
}
