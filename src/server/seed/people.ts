import { randomBytes, randomUUID } from 'node:crypto'
import type { Right } from '../../contract/rights'
import { INVITATION_DAYS } from '../../contract/users'
import type { Passwords } from '../auth/passwords'
import { hashSecret, newSecret } from '../auth/tokens'
import type { Db } from '../db/open'
import { insertSeedPerson, insertSeedRoles } from '../db/seed'
import { inTransaction } from '../db/transaction'

/** The roles every demo organization starts with beside its Administrator. */
export const SEED_ROLES: readonly { name: string; description: string; rights: Right[] }[] = [
  { name: 'Operator', description: 'Runs the fleet: devices, tunnels and the dashboards.', rights: ['devices', 'tunnels', 'network', 'traffic'] },
  { name: 'Viewer', description: 'Watches the network and traffic dashboards.', rights: ['network', 'traffic'] },
  { name: 'Billing', description: 'Pays the bill and reads the invoices.', rights: ['billing'] },
]

type Status = 'active' | 'invited' | 'disabled'

const PEOPLE: readonly { name: string; email: string; roles: string[]; status: Status; signIns: number }[] = [
  { name: 'Maya Chen', email: 'maya.chen@example.com', roles: ['Operator'], status: 'active', signIns: 6 },
  { name: 'Jonas Weber', email: 'jonas.weber@example.com', roles: ['Operator'], status: 'active', signIns: 4 },
  { name: 'Sofía García', email: 'sofia.garcia@example.com', roles: ['Viewer'], status: 'active', signIns: 3 },
  { name: 'Budi Santoso', email: 'budi.santoso@example.com', roles: ['Operator', 'Viewer'], status: 'active', signIns: 5 },
  { name: 'Lena Fischer', email: 'lena.fischer@example.com', roles: ['Billing'], status: 'active', signIns: 2 },
  { name: 'Priya Nair', email: 'priya.nair@example.com', roles: ['Viewer', 'Billing'], status: 'active', signIns: 1 },
  { name: 'Ahmed Hassan', email: 'ahmed.hassan@example.com', roles: ['Operator'], status: 'disabled', signIns: 2 },
  { name: '', email: 'ravi.kumar@example.com', roles: ['Viewer'], status: 'invited', signIns: 0 },
]

const AGENTS = [
  { method: 'password', agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' },
  { method: 'password', agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15' },
  { method: 'github', agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
  { method: 'google', agent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36' },
]

const HOUR_MS = 3600_000

/**
 * The organization's people for the demo: Operator, Viewer and Billing roles, and eight users
 * across them, one still invited and one disabled, most with a few sign-ins. Their passwords are
 * random and never shown: they are rows to look at, not accounts to use.
 */
export async function seedPeople(db: Db, organizationId: string, passwords: Passwords, now: Date): Promise<void> {
  const at = now.toISOString()
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
  const roleIds = new Map(SEED_ROLES.map((role) => [role.name, randomUUID()]))
  const hashes = await Promise.all(PEOPLE.map((person) => (person.status === 'invited' ? '' : passwords.hash(randomBytes(18).toString('base64url')))))

  await inTransaction(db, async (trx) => {
    await insertSeedRoles(
      trx,
      SEED_ROLES.map((role) => ({
        id: roleIds.get(role.name)!,
        organization_id: organizationId,
        name: role.name,
        description: role.description,
        rights: JSON.stringify(role.rights),
        builtin: 0,
        created_at: at,
        updated_at: at,
        version: 1,
      })),
    )
    for (const [index, person] of PEOPLE.entries()) {
      const userId = randomUUID()
      const joined = ago((40 - index * 3) * 24 * HOUR_MS)
      const signIns = Array.from({ length: person.signIns }, (_, n) => {
        const { method, agent } = AGENTS[(index + n) % AGENTS.length]!
        return { id: randomUUID(), user_id: userId, organization_id: organizationId, at: ago((n * 26 + index * 5 + 1) * HOUR_MS), method, ip: `203.0.113.${10 + index * 7 + n}`, user_agent: agent }
      })
      // Nobody holds an invitation's link: the administrator sends it again to try the invitation.
      const invitation =
        person.status === 'invited'
          ? {
              id: randomUUID(),
              organization_id: organizationId,
              user_id: userId,
              token_hash: hashSecret(newSecret()),
              invited_by: null,
              created_at: ago(2 * 24 * HOUR_MS),
              expires_at: new Date(now.getTime() + (INVITATION_DAYS - 2) * 24 * HOUR_MS).toISOString(),
              used_at: null,
            }
          : undefined
      await insertSeedPerson(trx, {
        user: {
          id: userId,
          email: person.email,
          name: person.name,
          avatar: '',
          password_hash: hashes[index]!,
          status: person.status === 'invited' ? 'invited' : 'active',
          presence: 'online',
          created_at: joined,
          updated_at: joined,
          last_sign_in: signIns[0]?.at ?? null,
          version: 1,
        },
        member: { id: randomUUID(), organization_id: organizationId, user_id: userId, status: person.status, current: 1, created_at: joined, updated_at: joined, version: 1 },
        roles: person.roles.map((role) => ({ id: randomUUID(), user_id: userId, organization_id: organizationId, role_id: roleIds.get(role)!, current: 1, created_at: joined })),
        signIns,
        invitation,
      })
    }
  })
}
