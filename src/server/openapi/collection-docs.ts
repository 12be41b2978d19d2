import { ALERT_EMAIL_STATES, AlertRuleInput } from '../../contract/alerts'
import type { CollectionName } from '../../contract/collections'
import { DeviceInput } from '../../contract/devices'
import { TunnelInput } from '../../contract/tunnels'
import { VIEW_COLLECTIONS, ViewInput } from '../../contract/views'
import type { CollectionDocs } from '../collections/engine'
import { bool, int, list, obj, oneOf, orNull, record, ref, str, time } from './shapes'
import { USER_DOCS } from './users'
import { WEBHOOK_DOCS } from './webhooks'
import { ENROLLMENT_KEY_DOCS } from './enrollment-keys'

const KEY_RECORD = obj({ id: str, created_at: time, updated_at: time, version: int, name: str, prefix: str, scopes: list(ref('KeyScope')), expires_at: orNull(time), last_used_at: orNull(time), revoked_at: orNull(time) })

const VIEW_RECORD = record(ViewInput, {
  owner_id: { ...str, description: 'The member who saved it; only they change or delete it.' },
  owner_name: str,
  shared: { ...bool, description: 'Seen by every holder of the list\'s right in the organization; else by its owner alone.' },
  pinned: bool,
  collection: oneOf(VIEW_COLLECTIONS),
  columns: list(str),
  query: obj({ q: str, sort: str, order: oneOf(['asc', 'desc']), filters: { type: 'object', additionalProperties: list(str) } }),
})

/** How the API's description tells the collections whose modules leave it to the edge. */
export const COLLECTION_DOCS: Partial<Record<CollectionName, CollectionDocs>> = {
  devices: {
    noun: 'device',
    tag: 'Devices',
    description:
      'Devices of the organization. Status, IP, firmware, OS and last seen come from the device\'s heartbeats; a create past the plan\'s device limit is 409. A device written with `enabled: false` is disabled: it goes offline and its heartbeats are refused (403) until it is enabled again; an update without `enabled` keeps what the device has.',
    record: record(DeviceInput, { enabled: bool, status: ref('DeviceStatus'), ip: str, firmware: str, os: str, last_seen: orNull(time), enrolled_by: orNull(str) }),
    example: { name: 'Kiosk 7', serial: 'KS-0007', model: 'EG-200', location: 'Lobby', tags: ['lobby'] },
  },
  tunnels: {
    noun: 'tunnel',
    tag: 'Tunnels',
    description:
      'Tunnels to a port of a host on a device\'s side, carried over the link its agent keeps to the console. `protocol` is `http` (reached at the console\'s `/t/<id>/`) or `tcp` (reached with `node agent.mjs connect <id>`); `target_host` is the host the agent connects to, and to nothing else (`127.0.0.1` when a create leaves it out; an update that leaves it out keeps it). The server assigns `public_endpoint`: `/t/<id>/` or `tcp:<id>`. Up only while enabled, its device enabled and its agent connected; a create past the plan\'s tunnel limit is 409.',
    record: record(TunnelInput, { device_name: str, public_endpoint: str, status: oneOf(['up', 'down']) }),
    example: { name: 'SSH', device_id: '<device id>', protocol: 'tcp', target_host: '127.0.0.1', local_port: 22, enabled: true },
  },
  alert_rules: {
    noun: 'alert rule',
    tag: 'Alerts',
    description:
      'Alert rules, written with the right `alerts` and read with `alerts` or `devices`. `target` is `all`, `tag` (with `tag`) or `device` (with `device_id`); `condition` is `offline`, `online`, `error`, `metric` (`metric` above `threshold` for `duration_s`) or `key_expiring` (within `days`). A rule mails `user_ids` and `emails`, at least one, in `language`, at most every `repeat_s`. An address of `emails` that is not an active member\'s is mailed a request once and gets alert mail only once it confirmed (`email_states`: `member`, `pending`, `confirmed` or `refused`); a day\'s new requests are limited per organization (429).',
    record: record(AlertRuleInput, { device_name: orNull(str), email_states: list(obj({ email: str, state: oneOf(ALERT_EMAIL_STATES) })) }),
    example: { name: 'Offline', target: 'all', condition: 'offline', emails: ['ops@example.com'] },
    writeAnswers: { 429: { description: 'The organization asked its new addresses of the day to confirm already.', headers: ['Retry-After'] } },
  },
  access_keys: {
    noun: 'access key',
    tag: 'Access keys',
    description:
      'An access key is a Bearer token (`edk_…`) limited to its scopes, to the rights its maker still holds and to its organization. A key of the scope `heartbeat` sends device heartbeats and nothing else. What a key makes lasts no longer and holds no more than the key.',
    record: KEY_RECORD,
    created: { ...KEY_RECORD, properties: { ...(KEY_RECORD.properties as object), secret: { type: 'string', description: 'The key itself, sent this once; only a hash is kept.' } }, required: [...(KEY_RECORD.required as string[]), 'secret'] },
    deletes: 'Revokes the key: it stays listed with `revoked_at`; its own keys are revoked and its app ids\' tokens end.',
    example: { name: 'Kiosk 7', scopes: ['heartbeat'], expires_in_days: 365 },
  },
  views: {
    noun: 'view',
    tag: 'Views',
    description:
      'Saved views of the lists (devices, access keys, users, tunnels): a name, the list\'s search, sort and filters, the columns shown, shared with the organization or kept personal, pinned in the menu or not. A view is read and written with the right of its list; a personal view is seen by its owner alone (another member gets 404), a shared one by every holder of its list\'s right; only its owner changes or deletes it (403). A question or a column the list would refuse is 400 with the list\'s own message.',
    record: VIEW_RECORD,
    deletes: 'Deletes the view; links to it then open the plain list.',
    example: { name: 'Offline kiosks', collection: 'devices', query: { q: '', sort: 'name', order: 'asc', filters: { status: ['offline'], tag: ['kiosk'] } }, columns: ['name', 'status', 'tags'], shared: true, pinned: true },
  },
  users: USER_DOCS,
  webhooks: WEBHOOK_DOCS,
  enrollment_keys: ENROLLMENT_KEY_DOCS,
}
