import { map } from 'nanostores'

/** A task's title holds at most 64 characters; empty input is ignored. */
export const TASK_TITLE_MAX = 64

export type TaskFilter = 'all' | 'active' | 'completed'
export const TASK_FILTERS: readonly TaskFilter[] = ['all', 'active', 'completed']

export interface Task {
  key: string
  title: string
  completed: boolean
}

export interface Todo {
  filter: TaskFilter
  /** The tasks by key, in the order they were added. */
  tasks: Record<string, Task>
}

/** The demo's made-up tasks. */
export const TASK_FIXTURES: readonly Task[] = [
  { key: 't1', title: 'Replace the lobby kiosk power supply', completed: false },
  { key: 't2', title: 'Renew the Berlin HQ uplink contract', completed: true },
  { key: 't3', title: 'Label the spare gateways in the depot', completed: false },
  { key: 't4', title: 'Check the camera mounts on the roof', completed: false },
]

/** `title` as a task holds it (trimmed), or null when it may not be one: empty, or over the limit. */
export function taskTitle(title: string): string | null {
  const trimmed = title.trim()
  return trimmed && trimmed.length <= TASK_TITLE_MAX ? trimmed : null
}

/** The tasks the filter shows, in order. */
export function visibleTasks({ filter, tasks }: Todo): Task[] {
  const all = Object.values(tasks)
  if (filter === 'all') return all
  return all.filter((task) => task.completed === (filter === 'completed'))
}

/** How many tasks are not done yet. */
export const tasksLeft = ({ tasks }: Todo) => Object.values(tasks).filter((task) => !task.completed).length

/** The to-do list's state (a filter, and the tasks keyed by key) and its moves. */
export function createTodo(initial: readonly Task[] = TASK_FIXTURES) {
  const $todo = map<Todo>({ filter: 'all', tasks: Object.fromEntries(initial.map((task) => [task.key, { ...task }])) })
  let next = initial.length
  const put = (task: Task) => $todo.setKey('tasks', { ...$todo.get().tasks, [task.key]: task })
  return {
    $todo,
    /** Adds a task; an empty or too long title is ignored (answers false). */
    add(title: string): boolean {
      const clean = taskTitle(title)
      if (clean === null) return false
      let key: string
      do key = `t${++next}`
      while ($todo.get().tasks[key])
      put({ key, title: clean, completed: false })
      return true
    },
    toggle(key: string): void {
      const task = $todo.get().tasks[key]
      if (task) put({ ...task, completed: !task.completed })
    },
    /** Saves a new title when, trimmed, it is not empty, within the limit and changed; answers whether it did. */
    edit(key: string, title: string): boolean {
      const task = $todo.get().tasks[key]
      const clean = taskTitle(title)
      if (!task || clean === null || clean === task.title) return false
      put({ ...task, title: clean })
      return true
    },
    remove(key: string): void {
      const { [key]: _gone, ...rest } = $todo.get().tasks
      $todo.setKey('tasks', rest)
    },
    setFilter(filter: TaskFilter): void {
      $todo.setKey('filter', filter)
    },
  }
}

export type TodoStore = ReturnType<typeof createTodo>

/** The demo page's list: it lives as long as the tab. */
export const todo = createTodo()
