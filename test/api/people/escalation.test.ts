import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accountCount, invitationCount } from '../../fixtures'
import { admin, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { newAddress, people, roleIds } from './_people'

type Rec = Record<string, any>

let server: TestServer
let boss: Tenant
/** A member whose role holds `users` and `devices` only: they manage people, not rights. */
let manager: Tenant
let roles: Record<string, string>
let bossRecord: Rec

test.before(async () => {
  server = await startServer()
  boss = await admin(server)
  manager = await register(server, 'People manager')
  await joinOrganization(server, manager, boss.organizationId, ['users', 'devices'])
  roles = await roleIds(server, boss.organizationId)
  bossRecord = expectStatus<Rec>(await people(server, boss.token).get(boss.userId), 200)
})

test.after(async () => {
  await server.close()
})

const me = () => people(server, manager.token)
const administrator = () => roles['Administrator']!

test('cannot invite someone with a role holding rights the inviter lacks', async () => {
  const answer = await me().invite({ email: newAddress('escalated'), roles: [administrator()] })
  assert.is(answer.status, 403)
  assert.is(answer.body.errors?.roles, 'You cannot grant a right you do not hold yourself')
  assert.is(await accountCount(server, 'escalated-%'), 0, 'nobody was invited')
})

test('cannot give themselves the Administrator role', async () => {
  const self = expectStatus<Rec>(await me().get(manager.userId), 200)
  const answer = await me().update(manager.userId, { ...self, roles: [...self.roles.map((role: Rec) => role.id), administrator()] })
  assert.is(answer.status, 403)
  const after = expectStatus<Rec>(await me().get(manager.userId), 200)
  assert.equal(after.roles, self.roles, 'their roles are as they were')
  assert.is((await manager.list('access_keys')).status, 403, 'and they still cannot reach what they lacked')
})

test('cannot change, disable or remove someone who holds rights they lack', async () => {
  const demote = await me().update(boss.userId, { ...bossRecord, roles: [roles['Viewer']!] })
  assert.is(demote.status, 403)
  assert.is(demote.body.message, 'You cannot change a user who holds rights you do not hold')
  assert.is((await me().update(boss.userId, { ...bossRecord, status: 'disabled' })).status, 403)
  assert.is((await me().remove(boss.userId)).status, 403)
  const after = expectStatus<Rec>(await people(server, boss.token).get(boss.userId), 200)
  assert.is(after.status, 'active')
  assert.equal(after.roles, bossRecord.roles)
})

test('cannot withdraw or send again an invitation carrying rights they lack', async () => {
  const invited = expectStatus<Rec>(await people(server, boss.token).invite({ email: newAddress('future-admin'), roles: [administrator()] }), 201)
  const answers = [await me().withdraw(invited.id), await me().resend(invited.id)]
  assert.equal(answers.map((answer) => [answer.status, answer.body.message]), Array(2).fill([403, 'You cannot change an invitation that carries rights you do not hold']))
  assert.is(expectStatus<Rec>(await people(server, boss.token).get(invited.id), 200).version, invited.version)
  assert.is(await invitationCount(server, invited.id), 1, 'the link still works')
})

test('still manages people within their own rights', async () => {
  const operatorRole = expectStatus<Rec>(
    await boss.create('roles', { name: `Device keepers ${process.pid}`, description: '', rights: ['devices'] }),
    201,
  )
  const address = newAddress('keeper')
  const invited = expectStatus<Rec>(await me().invite({ email: address, roles: [operatorRole.id] }), 201)
  expectStatus(await me().update(invited.id, { ...invited, roles: [operatorRole.id] }), 200)
  expectStatus(await me().resend(invited.id), 200)
  expectStatus(await me().withdraw(invited.id), 200)
})

test.run()
