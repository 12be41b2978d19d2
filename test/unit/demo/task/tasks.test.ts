import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createTodo, TASK_TITLE_MAX, taskTitle, tasksLeft, visibleTasks, type Task } from '../../../../src/demo/task/tasks'

const TASKS: Task[] = [
  { key: 'a', title: 'First', completed: false },
  { key: 'b', title: 'Second', completed: true },
]

const titles = (todo: ReturnType<typeof createTodo>) => visibleTasks(todo.$todo.get()).map((task) => task.title)

test('a task title is trimmed, not empty, and at most 64 characters', () => {
  assert.is(TASK_TITLE_MAX, 64)
  assert.is(taskTitle('  Call the depot  '), 'Call the depot')
  assert.is(taskTitle(''), null)
  assert.is(taskTitle('   \t '), null)
  assert.is(taskTitle('x'.repeat(64)), 'x'.repeat(64))
  assert.is(taskTitle('x'.repeat(65)), null)
  assert.is(taskTitle(`  ${'x'.repeat(64)}  `), 'x'.repeat(64), 'the limit counts the trimmed title')
})

test('adding ignores empty input and keeps the order, with keys of their own', () => {
  const todo = createTodo(TASKS)
  assert.is(todo.add('   '), false)
  assert.is(todo.add('x'.repeat(65)), false)
  assert.is(todo.add('  Third '), true)
  assert.equal(titles(todo), ['First', 'Second', 'Third'])
  assert.is(new Set(Object.keys(todo.$todo.get().tasks)).size, 3)
  const added = Object.values(todo.$todo.get().tasks).at(-1)!
  assert.is(added.completed, false)
})

test('completion toggles', () => {
  const todo = createTodo(TASKS)
  todo.toggle('a')
  assert.is(todo.$todo.get().tasks.a!.completed, true)
  todo.toggle('a')
  assert.is(todo.$todo.get().tasks.a!.completed, false)
  todo.toggle('missing')
  assert.is(Object.keys(todo.$todo.get().tasks).length, 2)
})

test('an edit saves only when the trimmed text is not empty and changed', () => {
  const todo = createTodo(TASKS)
  assert.is(todo.edit('a', '   '), false, 'empty')
  assert.is(todo.edit('a', ' First '), false, 'unchanged once trimmed')
  assert.is(todo.edit('a', 'x'.repeat(65)), false, 'too long')
  assert.is(todo.$todo.get().tasks.a!.title, 'First')
  assert.is(todo.edit('a', '  First, renamed  '), true)
  assert.is(todo.$todo.get().tasks.a!.title, 'First, renamed')
  assert.is(todo.edit('missing', 'Anything'), false)
})

test('the filter shows all, the active or the completed tasks; the count is of those left', () => {
  const todo = createTodo(TASKS)
  assert.equal(titles(todo), ['First', 'Second'])
  todo.setFilter('active')
  assert.equal(titles(todo), ['First'])
  todo.setFilter('completed')
  assert.equal(titles(todo), ['Second'])
  assert.is(tasksLeft(todo.$todo.get()), 1)
  todo.remove('b')
  assert.equal(titles(todo), [])
  todo.setFilter('all')
  assert.equal(titles(todo), ['First'])
})

test('each list is its own: the demo fixtures are copied, not shared', () => {
  const one = createTodo()
  const two = createTodo()
  const key = Object.keys(one.$todo.get().tasks)[0]!
  one.toggle(key)
  assert.is.not(one.$todo.get().tasks[key]!.completed, two.$todo.get().tasks[key]!.completed)
})

test.run()
