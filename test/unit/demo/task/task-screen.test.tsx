import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { TaskList } from '../../../../src/demo/task/task-screen'
import { createTodo } from '../../../../src/demo/task/tasks'
import { cleanup, fireEvent, page, render, waitFor } from '../../ui/testing'

test.after.each(() => cleanup())

const open = () => {
  const todo = createTodo([
    { key: 'a', title: 'Replace the kiosk', completed: false },
    { key: 'b', title: 'Renew the uplink', completed: true },
  ])
  render(<TaskList todo={todo} />)
  return { todo, view: page() }
}

const shownTitles = () => page().getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))

test('adds a task on Enter and ignores empty input, which stays for the next try', () => {
  const { view } = open()
  const input = view.getByLabelText('New task') as HTMLInputElement
  assert.is(input.maxLength, 64)
  fireEvent.change(input, { target: { value: '   ' } })
  fireEvent.submit(input.closest('form')!)
  assert.equal(shownTitles(), ['Replace the kiosk', 'Renew the uplink'])
  fireEvent.change(input, { target: { value: ' Label the spares ' } })
  fireEvent.submit(input.closest('form')!)
  assert.equal(shownTitles(), ['Replace the kiosk', 'Renew the uplink', 'Label the spares'])
  assert.is(input.value, '')
  assert.is(view.getByRole('status').textContent, '2 tasks left')
})

test('ticking a task completes it; the filters show the active and the completed ones', () => {
  const { view } = open()
  fireEvent.click(view.getByRole('checkbox', { name: 'Replace the kiosk' }))
  assert.is(view.getByRole('status').textContent, '0 tasks left')
  fireEvent.click(view.getByRole('button', { name: 'Active' }))
  assert.is(view.getByRole('button', { name: 'Active' }).getAttribute('aria-pressed'), 'true')
  assert.ok(view.getByText('No tasks to show.'))
  fireEvent.click(view.getByRole('button', { name: 'Completed' }))
  assert.equal(shownTitles(), ['Replace the kiosk', 'Renew the uplink'])
  fireEvent.click(view.getByRole('checkbox', { name: 'Renew the uplink' }))
  assert.equal(shownTitles(), ['Replace the kiosk'])
  fireEvent.click(view.getByRole('button', { name: 'View All' }))
  assert.equal(shownTitles(), ['Replace the kiosk', 'Renew the uplink'])
  assert.is(view.getByRole('status').textContent, '1 task left')
})

test('an edit saves on Enter when the trimmed text is not empty and changed; Esc leaves it as it was', async () => {
  const { view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Edit Replace the kiosk' }))
  const field = view.getByRole('textbox', { name: 'Title of Replace the kiosk' })
  fireEvent.change(field, { target: { value: '   ' } })
  fireEvent.keyDown(field, { key: 'Enter' })
  assert.ok(view.getByRole('textbox', { name: 'Title of Replace the kiosk' }), 'empty: still editing')
  fireEvent.change(field, { target: { value: '  Replace the lobby kiosk ' } })
  fireEvent.keyDown(field, { key: 'Enter' })
  await waitFor(() => assert.equal(shownTitles()[0], 'Replace the lobby kiosk'))
  assert.is(view.queryByRole('textbox', { name: /^Title of/ }), null)
  fireEvent.click(view.getByRole('button', { name: 'Edit Replace the lobby kiosk' }))
  const again = view.getByRole('textbox', { name: 'Title of Replace the lobby kiosk' })
  fireEvent.change(again, { target: { value: 'Something else' } })
  fireEvent.keyDown(again, { key: 'Escape' })
  assert.equal(shownTitles()[0], 'Replace the lobby kiosk')
})

test('deletes a task', () => {
  const { view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Delete Renew the uplink' }))
  assert.equal(shownTitles(), ['Replace the kiosk'])
})

test.run()
