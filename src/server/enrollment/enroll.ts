import { randomUUID } from 'node:crypto'
import { UNKNOWN_MODEL, type EnrollBody, type Enrolled } from '../../contract/enrollment'
import { audit, type Actor, type Origin } from '../audit/trail'
import { recordValues } from '../audit/changes'
import { checkPlanLimit } from '../billing/usage'
import { devices, tagColumns } from '../collections/devices'
import { writeAs, type EngineServices, type WriteContext } from '../collections/engine'
import { liveKeyChain } from '../db/access-keys'
import { parseTags, devicesOf } from '../db/devices'
import { deviceBySerial, holdReattaching } from '../db/enrolled-devices'
import { enrollmentKeyByPrefix, takeKeyUse, touchEnrollmentKey } from '../db/enrollment-keys'
import { isUniqueViolation } from '../db/errors'
import { insertRecord, recordRow } from '../db/records'
import type { EnrollmentKeyRow } from '../db/schema'
import { Problem, refuse } from '../problem'
import { message } from '../messages'
import { issueCredential, revokeCredentials } from './credentials'
import { enrollmentKeyPrefix, matchesHash } from './secrets'

/**
 * The enrollment key `token` is, when it is known, its secret matches and, made with an access key,
 * that key still works; whether it is revoked, expired or used up is judged later.
 */
async function keyOf(services: EngineServices, token: string): Promise<EnrollmentKeyRow> {
  const prefix = enrollmentKeyPrefix(token)
  const row = prefix ? await enrollmentKeyByPrefix(services.db, prefix) : undefined
  if (!row || !matchesHash(token, row.secret_hash)) throw refuse('unauthorized', 'enrollmentKeyRefused')
  if (row.made_by_key !== null && (await liveKeyChain(services.db, row.made_by_key, services.now())) === undefined) throw refuse('unauthorized', 'enrollmentKeyRefused')
  return row
}

const usable = (key: EnrollmentKeyRow, now: string) => !key.revoked_at && key.expires_at > now

/** The device `id` as its record reads, in the write's transaction. */
async function deviceRecord(ctx: WriteContext, id: string) {
  const row = await recordRow(devicesOf(ctx.db, ctx.principal.organizationId), 'id', id)
  if (!row) throw refuse('notFound', 'notFound')
  return devices.toRecord(row)
}

/** A new device of the key, the plan's place checked already: named, modelled, tagged and placed as the body and the key say. */
async function enrollNew(ctx: WriteContext, key: EnrollmentKeyRow, body: EnrollBody) {
  const organizationId = key.organization_id
  // Taken in one conditional update: of two devices racing for the last use, one finds none left.
  if (!(await takeKeyUse(ctx.db, key.id, ctx.now))) {
    throw usable(key, ctx.now) ? new Problem('unauthorized', message('enrollmentKeyUsedUp', { max: key.max_uses })) : refuse('unauthorized', 'enrollmentKeyRefused')
  }
  const id = randomUUID()
  const serial = body.serial.trim()
  await insertRecord(
    ctx.db,
    'devices',
    {
      id,
      organization_id: organizationId,
      name: body.name?.trim() || serial,
      serial,
      model: body.model?.trim() || key.model || UNKNOWN_MODEL,
      location: key.location,
      ...tagColumns(parseTags(key.tags)),
      status: key.approve ? 'pending' : 'provisioning',
      enrolled_by: key.id,
      ephemeral: key.ephemeral,
    },
    ctx.now,
  )
  const record = await deviceRecord(ctx, id)
  await audit(ctx.db, organizationId, ctx.actor, { action: 'enroll', collection: 'devices', recordId: id, recordName: record.name, changes: recordValues(record, 'after') }, ctx.now)
  ctx.later(() => ctx.services.hub.publish(organizationId, 'change', { collection: 'devices', id, action: 'create', version: record.version }))
  return record
}

/**
 * `POST /devices/enroll` with an enrollment key: a device joins the key's organization, or one of
 * the same serial already there re-attaches (no use taken, no plan place, its old credentials
 * revoked), and either gets a fresh credential of its own. One transaction: the use of the key,
 * the plan's limit (under the organization's lock), the device, its trail entry and its credential.
 */
export async function enroll(services: EngineServices, token: string, body: EnrollBody, from: Origin): Promise<Enrolled> {
  const key = await keyOf(services, token)
  const now = services.now().toISOString()
  if (!usable(key, now)) throw refuse('unauthorized', 'enrollmentKeyRefused')
  const organizationId = key.organization_id
  const actor: Actor = { kind: 'system', id: key.id, name: key.name, ...from }
  const principal = { kind: 'device' as const, userId: '', organizationId, rights: [], token: '' }
  try {
    return await writeAs(services, { principal, actor, linkOrigin: '' }, async (ctx) => {
      const serial = body.serial.trim()
      let known = await deviceBySerial(ctx.db, organizationId, serial)
      if (!known) {
        // Under the organization's lock, read again: the same serial enrolling at once is found.
        await checkPlanLimit(ctx, 'devices')
        known = await deviceBySerial(ctx.db, organizationId, serial)
      }
      // Its uses or its last use changed: open lists of keys read it again.
      ctx.later(() => services.hub.publish(organizationId, 'change', { collection: 'enrollment_keys', id: key.id, action: 'update', version: key.version }))
      if (!known) {
        const record = await enrollNew(ctx, key, body)
        const credential = await issueCredential(ctx.db, organizationId, record.id, ctx.now)
        return { device: { id: record.id, name: record.name, status: record.status }, credential, reattached: false }
      }
      const device = known
      await holdReattaching(ctx.db, device.id, ctx.now)
      await touchEnrollmentKey(ctx.db, key.id, ctx.now)
      await revokeCredentials(ctx.db, organizationId, device.id, ctx.now)
      // The link of the credential revoked ends, in whichever process holds it.
      ctx.later(() => services.hub.disconnect(`device:${device.id}`))
      const credential = await issueCredential(ctx.db, organizationId, device.id, ctx.now)
      await audit(ctx.db, organizationId, actor, { action: 'reattach', collection: 'devices', recordId: device.id, recordName: device.name }, ctx.now)
      ctx.later(() => services.hub.publish(organizationId, 'change', { collection: 'devices', id: device.id, action: 'update', version: Number(device.version) }))
      return { device: { id: device.id, name: device.name, status: device.status }, credential, reattached: true }
    })
  } catch (error) {
    // The same serial enrolling twice at once: the second meets the first's row.
    if (isUniqueViolation(error, 'devices.serial')) throw refuse('conflict', 'enrollSerialRace')
    throw error
  }
}
