import type { CollectionDocs } from '../collections/engine'
import { bool, int, list, obj, orNull, str, time } from './shapes'

const RECORD = obj({
  id: str,
  created_at: time,
  updated_at: time,
  version: int,
  name: str,
  prefix: str,
  max_uses: int,
  uses: int,
  expires_at: time,
  tags: list(str),
  location: str,
  model: str,
  approve: bool,
  ephemeral: bool,
  last_used_at: orNull(time),
  revoked_at: orNull(time),
})

/** How the API's description tells the enrollment keys. */
export const ENROLLMENT_KEY_DOCS: CollectionDocs = {
  noun: 'enrollment key',
  tag: 'Enrollment',
  description:
    'An enrollment key (`enk_…`, right `devices`) lets devices enroll themselves (`POST /devices/enroll`): one-off (`max_uses` 1) or reusable up to `max_uses` devices, expiring within at most 90 days, presetting the tags, location and model of the devices it enrolls; `approve` holds each device `pending` until someone approves it, `ephemeral` removes its devices after an hour without a heartbeat. A device enrolling again with the same serial is not counted twice. Only the name changes after issue.',
  record: RECORD,
  created: { ...RECORD, properties: { ...(RECORD.properties as object), secret: { type: 'string', description: 'The key itself, sent this once; only a hash is kept.' } }, required: [...(RECORD.required as string[]), 'secret'] },
  deletes: 'Revokes the key (as `POST /enrollment_keys/{id}/revoke`): it stays listed with `revoked_at` and enrolls no more devices; the devices it enrolled keep their credentials.',
  example: { name: 'Lobby kiosks', max_uses: 10, expires_in_days: 7, tags: ['lobby'], location: 'Lobby', model: '', approve: false, ephemeral: false },
}
