import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import type { Alert } from '../../../../src/contract/alerts'
import AlertsScreen from '../../../../src/features/alerts/alerts-screen'
import { $live } from '../../../../src/stores/live'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createAlert, createRule } from './factories'

let stub: RouteStub | undefined
// One stream for the file: the live store keeps its connection a moment after a test ends.
const events = eventStream()

const signIn = (rights: string[]) => {
  resetSession()
  setToken('token-1')
  const user = createUser({ rights: rights as never })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}
test.before.each(() => signIn(['alerts', 'devices']))
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

/** The screen over alerts answered by state: `firing` and `resolved` are read afresh on each request. */
const open = (alerts: { firing: () => Alert[]; resolved?: () => Alert[] }, routes: Record<string, Handler> = {}) => {
  stub = routeFetch({
    'GET /alerts': ({ query }) => listReply(query.get('state') === 'resolved' ? (alerts.resolved?.() ?? []) : alerts.firing()),
    'GET /alerts/mutes': () => ({ status: 200, body: [] }),
    'GET /events': () => events.response(),
    ...routes,
  })
  return renderAt(
    '/app/alerts',
    <Route path="/app" nest>
      <AlertsScreen />
    </Route>,
  ).view
}

type View = ReturnType<typeof open>

/** The body rows of the table named `caption`, as the words of their cells. */
const rowsOf = (view: View, caption: string) =>
  within(view.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))

test('lists the firing alerts with their device, rule, condition, age, mails and acknowledgement', async () => {
  const acked = createAlert({ subject_id: 'd-2', subject_name: 'kiosk-7', fired_at: new Date(Date.now() - 2 * 3600_000).toISOString(), notified_count: 3, acked_at: new Date().toISOString(), acked_by: 'Ada', ack_note: 'Power cut' })
  const view = open({ firing: () => [createAlert(), acked], resolved: () => [createAlert({ state: 'resolved', subject_name: 'old-box', resolved_at: new Date(Date.now() - 90_000).toISOString() })] })
  await waitFor(() => view.getByRole('table', { name: 'Firing now' }))
  assert.equal(rowsOf(view, 'Firing now'), [
    ['gate-1', 'Site dark', 'Offline', '5 min ago', '1', 'Not yet', 'AcknowledgeMute'],
    ['kiosk-7', 'Site dark', 'Offline', '2 h ago', '3', 'Acknowledged by AdaPower cut', 'Mute'],
  ])
  assert.is(view.getByRole('link', { name: 'gate-1' }).getAttribute('href'), '/app/devices/details?id=d-1')
  await waitFor(() => view.getByRole('table', { name: 'History' }))
  assert.equal(rowsOf(view, 'History'), [['old-box', 'Site dark', 'Offline', '5 min ago', '1 min ago', '1', 'Not yet']])
  assert.ok(view.getByRole('heading', { name: 'Firing now (2)' }))
})

test('a repeat visit shows the firing alerts as last read at once, until the live answer replaces them', async () => {
  const first = open({ firing: () => [createAlert({ subject_name: 'kept-box' })] })
  await waitFor(() => first.getByRole('link', { name: 'kept-box' }))
  cleanup()
  stub?.restore()
  const view = open({ firing: () => [createAlert({ subject_name: 'live-box' })] })
  assert.ok(view.queryByRole('link', { name: 'kept-box' }), 'on the first render, before any answer')
  await waitFor(() => view.getByRole('link', { name: 'live-box' }))
  assert.is(view.queryByRole('link', { name: 'kept-box' }), null)
})

test('a long list of firing alerts shows its first rows at once and all of them in the next frame', async () => {
  const many = Array.from({ length: 45 }, (_, n) => createAlert({ id: `a-many-${n}`, subject_id: `d-${n}`, subject_name: `box-${n}` }))
  const view = open({ firing: () => many })
  await waitFor(() => view.getByRole('link', { name: 'box-0' }))
  await waitFor(() => assert.is(rowsOf(view, 'Firing now').length, 45))
  assert.equal(rowsOf(view, 'Firing now').map((cells) => cells[0]), many.map((alert) => alert.subject_name))
})

test('shows an alert as it fires, without a reload, when the stream tells of it', async () => {
  let firing: Alert[] = []
  const view = open({ firing: () => firing })
  await waitFor(() => view.getByText('Nothing is firing. All watched devices are fine.'))
  await waitFor(() => assert.is($live.get().state, 'live'))
  firing = [createAlert({ id: 'a-new', subject_name: 'gate-9', fired_at: new Date().toISOString() })]
  await act(async () => events.send('change', { collection: 'alerts', id: 'a-new', action: 'create', version: 0 }))
  await waitFor(() => view.getByRole('link', { name: 'gate-9' }))
  assert.equal(rowsOf(view, 'Firing now')[0]!.slice(0, 4), ['gate-9', 'Site dark', 'Offline', 'just now'])
})

test('acknowledges an alert with a note, which the list then shows', async () => {
  const alert = createAlert({ id: 'a-ack' })
  let firing = [alert]
  const view = open(
    { firing: () => firing },
    {
      'POST /alerts/a-ack/ack': ({ body }) => {
        firing = [{ ...alert, acked_at: new Date().toISOString(), acked_by: 'Ada', ack_note: (body as { note: string }).note }]
        return { status: 200, body: firing[0]! }
      },
    },
  )
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Acknowledge Site dark on gate-1' })))
  const dialog = within(await view.findByRole('dialog', { name: 'Acknowledge “Site dark” on gate-1' }))
  fireEvent.change(dialog.getByLabelText('Note'), { target: { value: 'Replacing the uplink' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Acknowledge' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(stub!.seen('POST /alerts/a-ack/ack')[0]!.body, { note: 'Replacing the uplink' })
  await waitFor(() => assert.equal(rowsOf(view, 'Firing now')[0]![5], 'Acknowledged by AdaReplacing the uplink'))
})

test('mutes the device of an alert for eight hours', async () => {
  const view = open({ firing: () => [createAlert()] }, { 'POST /alerts/mutes': ({ body }) => ({ status: 201, body: { id: 'm-1', ...(body as object) } }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Mute Site dark on gate-1' })))
  const dialog = within(await view.findByRole('dialog', { name: 'Mute mails' }))
  fireEvent.click(dialog.getByLabelText('8 hours'))
  fireEvent.click(dialog.getByRole('button', { name: 'Mute' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  const sent = stub!.seen('POST /alerts/mutes')[0]!.body as { rule_id: string | null; device_id: string; until: string }
  assert.equal([sent.rule_id, sent.device_id], [null, 'd-1'])
  assert.ok(Math.abs(Date.parse(sent.until) - Date.now() - 8 * 3600_000) < 60_000, sent.until)
})

test("a mute's end reads as the language writes a date and time, with its zone", async () => {
  const mute = { id: 'm-1', rule_id: null, rule_name: null, device_id: 'd-1', device_name: 'gate-1', until: '2026-03-12T14:30:00.000Z', note: '', created_at: '2026-03-12T06:30:00.000Z' }
  const view = open({ firing: () => [] }, { 'GET /alerts/mutes': () => ({ status: 200, body: [mute] }) })
  const end = await waitFor(() => view.getByText(/^until /))
  assert.match(end.textContent ?? '', /^until Mar 1[23], 2026, \d{1,2}:30 [AP]M (UTC|GMT[+-]?[\d:]*|[A-Z]{3,5})$/)
})

test('a holder of devices alone reads the alerts without the buttons to act on them', async () => {
  signIn(['devices'])
  const view = open({ firing: () => [createAlert()] })
  await waitFor(() => view.getByRole('table', { name: 'Firing now' }))
  assert.is(view.queryByRole('button', { name: /Acknowledge|Mute/ }), null)
  assert.ok(view.getByText('You may read the alerts; acknowledging and muting take the right Alerts.'))
})

test("says when the organization's alert mail is held back past its hourly limit, and nothing while it is not", async () => {
  const ends = new Date(Date.now() + 20 * 60_000).toISOString()
  const view = open({ firing: () => [] }, { 'GET /alerts/mail': () => ({ status: 200, body: { limit: 200, sent: 200, held: 3, window_ends_at: ends } }) })
  const note = await waitFor(() => view.getByText(/held back/))
  assert.match(note.textContent ?? '', '200 alert mails')
  assert.match(note.textContent ?? '', '3 alerts')
  cleanup()
  stub?.restore()
  const calm = open({ firing: () => [] }, { 'GET /alerts/mail': () => ({ status: 200, body: { limit: 200, sent: 4, held: 0, window_ends_at: ends } }) })
  await waitFor(() => calm.getByText('Nothing is firing. All watched devices are fine.'))
  await waitFor(() => assert.ok(stub!.seen('GET /alerts/mail').length > 0))
  assert.is(calm.queryByText(/held back/), null)
})

test('with no rule yet, says no device is watched and invites the first rule instead of saying all is fine', async () => {
  const view = open({ firing: () => [] }, { 'GET /alert_rules/': () => listReply([]) })
  await waitFor(() => view.getByText(/No device is watched yet/))
  assert.ok(view.getByText(/A rule says which devices to watch/))
  assert.is(view.getByRole('link', { name: 'New rule' }).getAttribute('href'), '/app/alerts/rules?new=1')
  assert.is(view.queryByText('Nothing is firing. All watched devices are fine.'), null)
  cleanup()
  stub?.restore()
  const watched = open({ firing: () => [] }, { 'GET /alert_rules/': () => listReply([createRule()]) })
  await waitFor(() => watched.getByText('Nothing is firing. All watched devices are fine.'))
  assert.is(watched.queryByText(/No device is watched yet/), null)
  assert.is(watched.queryByRole('link', { name: 'New rule' }), null)
})

test('a reader without the right Alerts is told no device is watched, with no link to make a rule', async () => {
  signIn(['devices'])
  const view = open({ firing: () => [] }, { 'GET /alert_rules/': () => listReply([]) })
  await waitFor(() => view.getByText(/No device is watched yet/))
  assert.is(view.queryByRole('link', { name: 'New rule' }), null)
})

test.run()
