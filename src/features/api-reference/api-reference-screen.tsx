import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { apiHost, call } from '../../api/client'
import { OPENAPI_PATH } from '../../contract/paths'
import { Badge, type BadgeTone } from '../../ui/badge'
import { TextField } from '../../ui/fields'
import { Spinner } from '../../ui/spinner'
import { useRevealed } from '../../ui/use-after-paint'
import { useT } from '../../ui/use-t'
import { readReference, type Group, type Operation } from './reference'
import './texts'
import s from './api-reference.module.css'

/** A group heading's id: its tag, as a single word. */
const tagId = (tag: string) => `api-${tag.replace(/\W+/g, '-').toLowerCase()}`

const TONES: Record<string, BadgeTone> = { GET: 'info', POST: 'success', PUT: 'warning', DELETE: 'error' }

/** Text with `code` spans, as the description writes them. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('\n').map((line, index) => (
        <p key={index} className={s.prose}>
          {line.split(/`([^`]*)`/).map((part, at): ReactNode => (at % 2 ? <code key={at}>{part}</code> : part))}
        </p>
      ))}
    </>
  )
}

/**
 * One operation: what it does, who may call it, its parameters and body fields, answers and a curl
 * line. Its body is drawn once `full` (a few frames after the first paint) or as soon as it is opened.
 */
function OperationView({ operation, full }: { operation: Operation; full: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <details className={s.operation} id={operation.id} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={s.summary}>
        <Badge tone={TONES[operation.method] ?? 'muted'} className={s.method}>
          {operation.method}
        </Badge>
        <code className={s.path} dir="ltr">
          {operation.path}
        </code>
        <span className={s.summaryText}>{operation.summary}</span>
      </summary>
      {(full || open) && <OperationBody operation={operation} />}
    </details>
  )
}

/** What an open operation shows under its summary. */
function OperationBody({ operation }: { operation: Operation }) {
  const t = useT()
  return (
    <div className={s.body}>
      <Prose text={operation.description} />
      {operation.rights.length > 0 && (
        <p className={s.rights}>
          {t('apiReference.rights')} {operation.rights.map((right) => <code key={right}>{right}</code>)}
        </p>
      )}
      <h4 className={s.heading}>{t('apiReference.parameters')}</h4>
      {operation.fields.length ? (
        <div className={s.scroll} tabIndex={0} role="group" aria-label={`${t('apiReference.parameters')}: ${operation.method} ${operation.path}`}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('apiReference.name')}</th>
                <th scope="col">{t('apiReference.place')}</th>
                <th scope="col">{t('apiReference.type')}</th>
                <th scope="col">{t('apiReference.description')}</th>
              </tr>
            </thead>
            <tbody>
              {operation.fields.map((field) => (
                <tr key={`${field.place} ${field.name}`}>
                  <th scope="row">
                    <code dir="ltr">{field.name}</code>
                    {field.required && <span className={s.required}> {t('apiReference.required')}</span>}
                  </th>
                  <td>{field.place}</td>
                  <td className={s.type} dir="ltr">
                    {field.type}
                  </td>
                  <td>{field.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={s.muted}>{t('apiReference.none')}</p>
      )}
      <h4 className={s.heading}>{t('apiReference.answers')}</h4>
      <ul className={s.answers}>
        {operation.answers.map((answer) => (
          <li key={answer.status}>
            <code>{answer.status}</code> <Prose text={answer.description} />
          </li>
        ))}
      </ul>
      <h4 className={s.heading}>{t('apiReference.example')}</h4>
      {/* Focusable, so a keyboard can scroll a long line. */}
      <pre className={s.curl} dir="ltr" tabIndex={0} aria-label={`${t('apiReference.example')}: ${operation.method} ${operation.path}`}>
        <code>{operation.curl}</code>
      </pre>
    </div>
  )
}

/**
 * The API reference: every route of the API as its description (`GET /api/openapi.json`) tells
 * it, grouped as the README groups them, searchable by path or summary.
 */
/** How many operation bodies each frame draws after the first. */
const BODIES_PER_FRAME = 12

export default function ApiReferenceScreen() {
  const t = useT()
  const [groups, setGroups] = useState<Group[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  // The operations show by their summaries first; their bodies (the bulk of the page) come after,
  // a few per frame, so the browser's find in page reaches them too without a long freeze.
  const total = useMemo(() => groups?.reduce((sum, group) => sum + group.operations.length, 0) ?? 0, [groups])
  const revealed = useRevealed(groups !== null, total, BODIES_PER_FRAME)

  useEffect(() => {
    const controller = new AbortController()
    void call<Record<string, unknown>>('GET', OPENAPI_PATH, { signal: controller.signal }).then((answer) => {
      if (controller.signal.aborted) return
      if (!answer.ok) return setFailed(answer.message)
      setGroups(readReference(answer.data, new URL(apiHost(), location.origin).href.replace(/\/+$/, '')))
    })
    return () => controller.abort()
  }, [])

  const shown = useMemo(() => {
    const words = search.trim().toLowerCase()
    if (!groups || !words) return groups
    return groups
      .map((group) => ({ ...group, operations: group.operations.filter((operation) => `${operation.method} ${operation.path} ${operation.summary}`.toLowerCase().includes(words)) }))
      .filter((group) => group.operations.length)
  }, [groups, search])

  // Where each shown group's operations start in the order their bodies are drawn.
  const firsts = useMemo(() => {
    let next = 0
    return (shown ?? []).map((group) => {
      const first = next
      next += group.operations.length
      return first
    })
  }, [shown])

  return (
    <section className={s.screen} aria-label={t('apiReference.caption')}>
      <header className={s.intro}>
        <p className={s.muted}>{t('apiReference.intro')}</p>
        <a href={`${apiHost()}${OPENAPI_PATH}`} className={s.link}>
          {t('apiReference.download')}
        </a>
      </header>
      <TextField label={t('apiReference.search')} name="search" type="search" value={search} onChange={setSearch} className={s.search} />
      {failed && <p role="alert">{t(failed)}</p>}
      {!shown && !failed && <Spinner label={t('apiReference.loading')} />}
      {shown?.length === 0 && <p className={s.muted}>{t('apiReference.nothing')}</p>}
      {shown?.map((group, at) => (
        <section key={group.tag} className={s.group} aria-labelledby={tagId(group.tag)}>
          <h3 className={s.groupTitle} id={tagId(group.tag)}>
            {group.tag}
          </h3>
          <p className={s.muted}>{group.description}</p>
          {group.operations.map((operation, index) => (
            <OperationView key={operation.id} operation={operation} full={(firsts[at] ?? 0) + index < revealed} />
          ))}
        </section>
      ))}
    </section>
  )
}
