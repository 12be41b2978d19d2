import { randomUUID } from 'node:crypto'
import { HEARTBEAT_SCOPE } from '../../contract/access-keys'
import { DEFAULT_TARGET_HOST } from '../../contract/tunnels'
import { newKey } from '../access-keys/keys'
import { tunnelEndpoint } from '../collections/tunnels'
import type { Db } from '../db/open'
import { insertSeedFleet, type SeedRow } from '../db/seed'
import { inTransaction } from '../db/transaction'

const MODELS = ['EdgeBox 300', 'EdgeBox 500', 'Raspberry Pi 4', 'Jetson Nano', 'Kiosk K2']
const SITES = [
  { name: 'Berlin HQ', slug: 'ber', net: '10.10' },
  { name: 'Hamburg Depot', slug: 'ham', net: '10.20' },
  { name: 'Munich Store 12', slug: 'muc', net: '10.30' },
  { name: 'Madrid Warehouse', slug: 'mad', net: '10.40' },
  { name: 'Jakarta Office', slug: 'jkt', net: '10.50' },
]
const ROLES = [
  { kind: 'kiosk', tags: ['kiosk', 'lobby'] },
  { kind: 'gateway', tags: ['gateway'] },
  { kind: 'camera', tags: ['camera', 'security'] },
  { kind: 'sensor', tags: ['sensor'] },
]
export const SEED_DEVICES = 40
/** Minutes between the history's samples: a day of them per device. */
const HISTORY_STEP_MIN = 5

/** A small, repeatable pseudo-random sequence, so every fresh start seeds the same fleet. */
function sequence(seed: number) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

/**
 * A believable fleet for the first organization: forty devices across five sites and models, most
 * online, a few offline, in error or still provisioning; tunnels to some; two access keys; and a
 * day of heartbeat history, so no screen starts empty.
 */
export async function seedFleet(db: Db, organizationId: string, userId: string, now: Date): Promise<void> {
  const random = sequence(42)
  const at = now.toISOString()
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
  const devices = Array.from({ length: SEED_DEVICES }, (_, index) => {
    const site = SITES[index % SITES.length]!
    const role = ROLES[index % ROLES.length]!
    const status = index % 13 === 5 ? 'offline' : index % 17 === 8 ? 'error' : index >= SEED_DEVICES - 2 ? 'provisioning' : 'online'
    const lastSeen = status === 'provisioning' ? null : status === 'offline' ? ago((2 + index) * 3600_000) : ago(Math.floor(random() * 20_000))
    return {
      id: randomUUID(),
      organization_id: organizationId,
      name: `${site.slug}-${role.kind}-${String(Math.floor(index / SITES.length) + 1).padStart(2, '0')}`,
      serial: `EL-${(100000 + Math.floor(random() * 899999)).toString(36).toUpperCase()}-${index}`,
      // Each site runs a mix of models.
      model: MODELS[(index + Math.floor(index / SITES.length)) % MODELS.length]!,
      status,
      ip: status === 'provisioning' ? '' : `${site.net}.${Math.floor(index / 5)}.${10 + index}`,
      firmware: status === 'provisioning' ? '' : ['2.4.1', '2.4.3', '2.5.0'][index % 3]!,
      location: site.name,
      tags: JSON.stringify(role.tags),
      tags_text: role.tags.join(' '),
      last_seen: lastSeen,
      created_at: ago((30 - (index % 30)) * 24 * 3600_000),
      updated_at: at,
      version: 1,
    }
  })

  const tunnelled = devices.filter((_, index) => index % 3 === 0)
  // Each tunnelled device shows its admin page (8080 or 80) or takes SSH (22).
  const targets = [
    { protocol: 'http', port: 8080, what: 'admin' },
    { protocol: 'tcp', port: 22, what: 'ssh' },
    { protocol: 'http', port: 80, what: 'admin' },
  ] as const
  const tunnels = tunnelled.map((device, index) => {
    const target = targets[index % targets.length]!
    const id = randomUUID()
    return {
      id,
      organization_id: organizationId,
      device_id: device.id,
      name: `${device.name} ${target.what}`,
      protocol: target.protocol,
      target_host: DEFAULT_TARGET_HOST,
      local_port: target.port,
      public_endpoint: tunnelEndpoint(id, target.protocol),
      enabled: index % 5 === 4 ? 0 : 1,
      created_at: device.created_at,
      updated_at: at,
      version: 1,
    }
  })
  const keys = [
    { name: 'Fleet agent', scopes: [HEARTBEAT_SCOPE], days: 365 },
    { name: 'Monitoring export', scopes: ['devices', 'network', 'traffic'], days: 5 },
  ]
  const keyRows = keys.map((key) => {
    // Seeded keys are examples: their secrets are made and forgotten, as any key's are after issue.
    const { prefix, hash } = newKey()
    return {
      id: randomUUID(),
      organization_id: organizationId,
      created_by: userId,
      name: key.name,
      prefix,
      secret_hash: hash,
      scopes: JSON.stringify(key.scopes),
      expires_at: new Date(now.getTime() + key.days * 24 * 3600_000).toISOString(),
      last_used_at: null,
      revoked_at: null,
      created_at: ago(3 * 24 * 3600_000),
      updated_at: at,
      version: 1,
    }
  })

  const samples: SeedRow<'heartbeats'>[] = []
  for (const [index, device] of devices.entries()) {
    if (device.status === 'provisioning') continue
    const base = 12 + (index % 7) * 6
    for (let minutes = 24 * 60; minutes > 0; minutes -= HISTORY_STEP_MIN) {
      const hour = new Date(now.getTime() - minutes * 60_000).getUTCHours()
      const load = 0.4 + 0.6 * Math.sin(((hour - 6) / 24) * Math.PI) ** 2
      samples.push({
        device_id: device.id,
        organization_id: organizationId,
        at: ago(minutes * 60_000),
        latency_ms: Math.round((base + random() * base * 0.6 + (random() < 0.03 ? 120 : 0)) * 10) / 10,
        bytes_in: Math.floor(load * (200_000 + random() * 800_000)),
        bytes_out: Math.floor(load * (50_000 + random() * 300_000)),
        cpu: Math.round(load * (20 + random() * 50)),
        memory: Math.round(35 + random() * 30),
      })
    }
  }
  await inTransaction(db, (trx) => insertSeedFleet(trx, { devices, tunnels, keys: keyRows, heartbeats: samples }))
}
