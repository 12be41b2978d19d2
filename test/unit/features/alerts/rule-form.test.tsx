import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import RulesScreen from '../../../../src/features/alerts/rules-screen'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createRule } from './factories'

let stub: RouteStub | undefined

const signIn = (rights: string[]) => {
  resetSession()
  const user = createUser({ rights: rights as never })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}
test.before.each(() => signIn(['alerts', 'devices', 'users']))
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (routes: Record<string, Handler> = {}) => {
  stub = routeFetch({
    'GET /alert_rules/': () => listReply([]),
    'GET /devices/': () => listReply([{ id: 'd-1', name: 'gate-1' }]),
    'GET /users/': () => listReply([{ id: 'u-1', name: 'Ada', email: 'ada@example.com' }]),
    ...routes,
  })
  return renderAt(
    '/app/alerts/rules',
    <Route path="/app" nest>
      <RulesScreen />
    </Route>,
  ).view
}

type Dialog = ReturnType<typeof within>

const newRule = async (view: ReturnType<typeof open>) => {
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New rule' })))
  return within(await view.findByRole('dialog', { name: 'New alert rule' }))
}

/** Which of the fields that depend on the target and condition the dialog shows. */
const shown = (dialog: Dialog) =>
  ['Tag', 'Find a device by name', 'Grace time (seconds)', 'Metric', 'Threshold', 'For at least (seconds)', 'Days before expiry'].filter((label) => dialog.queryByLabelText(label))

test('shows only the fields the target and the condition need', async () => {
  const dialog = await newRule(open())
  assert.equal(shown(dialog), ['Grace time (seconds)'], 'offline on all devices: the grace time')
  fireEvent.change(dialog.getByLabelText('Condition'), { target: { value: 'metric' } })
  assert.equal(shown(dialog), ['Metric', 'Threshold', 'For at least (seconds)'])
  fireEvent.change(dialog.getByLabelText('Condition'), { target: { value: 'key_expiring' } })
  assert.equal(shown(dialog), ['Days before expiry'])
  fireEvent.change(dialog.getByLabelText('Condition'), { target: { value: 'error' } })
  assert.equal(shown(dialog), [])
  fireEvent.change(dialog.getByLabelText('Devices'), { target: { value: 'tag' } })
  assert.equal(shown(dialog), ['Tag'])
  fireEvent.change(dialog.getByLabelText('Devices'), { target: { value: 'device' } })
  assert.equal(shown(dialog), ['Find a device by name'])
})

test('refuses a metric rule without its threshold before asking the server', async () => {
  const view = open()
  const dialog = await newRule(view)
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Hot CPU' } })
  fireEvent.change(dialog.getByLabelText('Condition'), { target: { value: 'metric' } })
  fireEvent.change(dialog.getByLabelText('Metric'), { target: { value: 'cpu' } })
  fireEvent.change(dialog.getByLabelText('Other addresses'), { target: { value: 'ops@example.com' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  assert.ok(dialog.getByText('Required'))
  assert.is(stub!.seen('POST /alert_rules/').length, 0)
})

test('keeps what was typed after the server refuses it, with the error on its field, and sends only what the condition uses', async () => {
  const view = open({ 'POST /alert_rules/': () => ({ status: 400, body: { message: 'Check the marked fields.', errors: { user_ids: 'validation.invalid' } } }) })
  const dialog = await newRule(view)
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Site A dark' } })
  fireEvent.change(dialog.getByLabelText('Devices'), { target: { value: 'tag' } })
  fireEvent.change(dialog.getByLabelText('Tag'), { target: { value: 'site-a' } })
  fireEvent.change(dialog.getByLabelText('Grace time (seconds)'), { target: { value: '30' } })
  fireEvent.click(await waitFor(() => dialog.getByLabelText('Ada (ada@example.com)')))
  fireEvent.change(dialog.getByLabelText('Other addresses'), { target: { value: 'ops@example.com, noc@example.com' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  await waitFor(() => dialog.getByText('Check the marked fields.'))
  const sent = stub!.seen('POST /alert_rules/')[0]!.body as Record<string, unknown>
  assert.equal(
    [sent.name, sent.target, sent.tag, sent.device_id, sent.condition, sent.grace_s, sent.metric, sent.threshold, sent.days, sent.user_ids, sent.emails],
    ['Site A dark', 'tag', 'site-a', null, 'offline', 30, null, null, null, ['u-1'], ['ops@example.com', 'noc@example.com']],
  )
  assert.ok(dialog.getByText('Invalid value'), "the server's error shows")
  assert.is((dialog.getByLabelText('Name') as HTMLInputElement).value, 'Site A dark')
  assert.is((dialog.getByLabelText('Tag') as HTMLInputElement).value, 'site-a')
  assert.is((dialog.getByLabelText('Grace time (seconds)') as HTMLInputElement).value, '30')
  assert.is((dialog.getByLabelText('Other addresses') as HTMLTextAreaElement).value, 'ops@example.com, noc@example.com')
  assert.ok((dialog.getByLabelText('Ada (ada@example.com)') as HTMLInputElement).checked)
})

test('lists the rules, and a holder of devices alone reads them without the buttons to change them', async () => {
  signIn(['devices'])
  const view = open({ 'GET /alert_rules/': () => listReply([createRule({ name: 'North tag', target: 'tag', tag: 'north' })]) })
  await waitFor(() => view.getByText('North tag'))
  assert.ok(view.getByText('Tag north'))
  assert.is(view.queryByRole('button', { name: 'New rule' }), null)
  assert.is(view.queryByRole('button', { name: 'Edit North tag' }), null)
})

test('the rule editor says outside addresses confirm first, and shows where each stands', async () => {
  const rule = createRule({
    name: 'Mixed',
    emails: ['ada@example.com', 'noc@example.net', 'ops@example.net', 'spam@example.net'],
    email_states: [
      { email: 'ada@example.com', state: 'member' },
      { email: 'noc@example.net', state: 'pending' },
      { email: 'ops@example.net', state: 'confirmed' },
      { email: 'spam@example.net', state: 'refused' },
    ],
  })
  const view = open({ 'GET /alert_rules/': () => listReply([rule]) })
  await waitFor(() => view.getByText('Mixed'))
  assert.ok(view.getByText('4 · 1 waiting · 1 refused'), 'the list tells what waits and what was refused')
  fireEvent.click(view.getByRole('button', { name: 'Edit Mixed' }))
  const dialog = within(await view.findByRole('dialog', { name: 'Edit the rule “Mixed”' }))
  assert.ok(dialog.getByText(/must confirm first/))
  const states = within(dialog.getByRole('list', { name: 'Where each address stands' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)
  assert.equal(states, ['ada@example.com: Member', 'noc@example.net: Waiting for confirmation', 'ops@example.net: Confirmed', 'spam@example.net: Refused: never mailed'])
})

test('offers the organization webhooks, and a rule that only calls a webhook tells someone', async () => {
  const view = open({
    'GET /webhooks/': () => listReply([{ id: 'w-1', name: 'Pager', url: 'https://pager.example.com/hook' }]),
    'POST /alert_rules/': () => ({ status: 400, body: { message: 'Check the marked fields.', errors: { name: 'validation.invalid' } } }),
  })
  const dialog = await newRule(view)
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Dark' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  assert.ok(dialog.getByText('Required'), 'nobody to tell yet')
  assert.is(stub!.seen('POST /alert_rules/').length, 0)
  fireEvent.click(await waitFor(() => dialog.getByRole('checkbox', { name: 'Pager (https://pager.example.com/hook)' })))
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  await waitFor(() => assert.is(stub!.seen('POST /alert_rules/').length, 1))
  const sent = stub!.seen('POST /alert_rules/')[0]!.body as Record<string, unknown>
  assert.equal(sent.webhook_ids, ['w-1'])
  assert.equal(sent.emails, [])
})

test.run()
