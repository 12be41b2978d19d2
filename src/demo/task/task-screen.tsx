import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { ToggleGroup } from '../../ui/toggle-group'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import '../texts'
import s from './task-screen.module.css'
import { TASK_FILTERS, TASK_TITLE_MAX, tasksLeft, todo as defaultTodo, visibleTasks, type Task, type TodoStore } from './tasks'

/** One task: its box ticks it done; Edit turns its title into a field that Enter saves and Esc leaves. */
function TaskRow({ task, todo }: { task: Task; todo: TodoStore }) {
  const t = useT()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(task.title)
  const editButton = useRef<HTMLButtonElement>(null)
  const stop = () => {
    setEditing(false)
    // Back where the edit began, so the keyboard does not lose its place.
    requestAnimationFrame(() => editButton.current?.focus())
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      // Saved only when the trimmed text is not empty and changed; else the field stays open.
      if (todo.edit(task.key, draft)) stop()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      stop()
    }
  }
  return (
    <li className={clsx(s.task, task.completed && s.done)}>
      <input
        type="checkbox"
        className={s.box}
        checked={task.completed}
        onChange={() => todo.toggle(task.key)}
        aria-label={task.title}
      />
      {editing ? (
        <input
          className={s.edit}
          value={draft}
          maxLength={TASK_TITLE_MAX}
          aria-label={t('demo.task.title', { title: task.title })}
          aria-describedby={`${task.key}-hint`}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKey}
        />
      ) : (
        <span className={s.title}>{task.title}</span>
      )}
      {!editing && (
        <button
          ref={editButton}
          type="button"
          className={s.action}
          aria-label={t('demo.task.edit', { title: task.title })}
          onClick={() => {
            setDraft(task.title)
            setEditing(true)
          }}
        >
          <Icon name="edit" size={18} />
        </button>
      )}
      <button type="button" className={s.action} aria-label={t('demo.task.remove', { title: task.title })} onClick={() => todo.remove(task.key)}>
        <Icon name="close" size={18} />
      </button>
      {editing && (
        <span id={`${task.key}-hint`} className={s.hint}>
          {t('demo.task.hint')}
        </span>
      )}
    </li>
  )
}

/** The template's to-do demo: add, tick, edit and delete tasks, and show all, active or completed ones. */
export function TaskList({ todo }: { todo: TodoStore }) {
  const t = useT()
  const locale = useStore($locale)
  const state = useStore(todo.$todo)
  const [title, setTitle] = useState('')
  const shown = visibleTasks(state)
  const left = tasksLeft(state)
  const add = (event: FormEvent) => {
    event.preventDefault()
    // Empty input is ignored; what was typed stays until it makes a task.
    if (todo.add(title)) setTitle('')
  }
  return (
    <section className={clsx(card.card, s.card)} aria-labelledby="demo-task-list">
      <p className={card.muted}>{t('demo.task.intro')}</p>
      <form className={s.add} onSubmit={add}>
        <label htmlFor="demo-task-new" className={s.label}>
          {t('demo.task.new')}
        </label>
        <div className={s.addRow}>
          <input
            id="demo-task-new"
            className={s.input}
            value={title}
            maxLength={TASK_TITLE_MAX}
            placeholder={t('demo.task.placeholder')}
            aria-describedby="demo-task-max"
            onChange={(event) => setTitle(event.target.value)}
          />
          <Button type="submit">{t('demo.task.add')}</Button>
        </div>
        <span id="demo-task-max" className={s.hint}>
          {t('demo.task.max', { n: TASK_TITLE_MAX })}
        </span>
      </form>
      <div className={s.bar}>
        <ToggleGroup
          label={t('demo.task.filter')}
          choices={TASK_FILTERS.map((filter) => ({ value: filter, label: t(`demo.task.${filter}`) }))}
          value={state.filter}
          onChange={todo.setFilter}
        />
        <p className={card.muted} role="status">
          {t(pluralKey('demo.task.left', left, locale), { n: left })}
        </p>
      </div>
      <h2 id="demo-task-list" className={card.cardTitle}>
        {t('demo.task.list')}
      </h2>
      {shown.length ? (
        <ul className={s.list} role="list">
          {shown.map((task) => (
            <TaskRow key={task.key} task={task} todo={todo} />
          ))}
        </ul>
      ) : (
        <p className={card.muted}>{t('demo.task.empty')}</p>
      )}
    </section>
  )
}

/** The demo page: the tab's own to-do list. */
export default function TaskScreen() {
  return <TaskList todo={defaultTodo} />
}
