import { useStore } from '@nanostores/react'
import { useEffect, useState, type ComponentType } from 'react'
import type { Failed } from '../../api/client'
import { BULK_ACTIONS, MAX_BULK_IDS, type BulkAction, type BulkJob, type BulkParams, type BulkPreview } from '../../contract/bulk'
import type { UserRole } from '../../contract/users'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import { Banner } from '../banner'
import { Button } from '../button'
import type { BulkSelect } from '../list/bulk-select'
import type { ListState } from '../list/list-url'
import { useT } from '../use-t'
import { bulkRoles, previewBulk, runBulk } from './bulk-api'
import { BulkConfirm } from './bulk-confirm'
import { BulkJobPanel } from './bulk-job-panel'
import './bulk-texts'
import { BulkValueDialog } from './bulk-value-dialog'
import { needsValue, type BulkRules, type BulkRulesSource } from './bulk-values'
import { bulkSelectionOf, isFull, offersAction, offersMatching, selectedCount } from './selection-request'
import { counted, isDanger } from './bulk-words'
import s from './bulk.module.css'

export interface BulkToolsProps {
  bulk: BulkSelect
  query: ListState
  /** The server's count of what the list's search and filters match. */
  total: number
  reload: () => void
  /** The record form's rules for a value an action sets, from the list's screen (or their loader). */
  rules?: BulkRulesSource
}

/**
 * The rules as a function, once loaded: they load with the bar, and until then (or should they
 * fail to load) a value is checked by the server alone, whose refusal shows on the field.
 */
function useRules(source: BulkRulesSource | undefined): BulkRules | undefined {
  const [loaded, setLoaded] = useState<BulkRules | undefined>(() => (typeof source === 'function' ? source : undefined))
  useEffect(() => {
    if (!source || typeof source === 'function') return setLoaded(() => source)
    let live = true
    source.load().then(
      (rules) => live && setLoaded(() => rules),
      () => {},
    )
    return () => {
      live = false
    }
  }, [source])
  return loaded
}

type Step =
  | { kind: 'idle' }
  | { kind: 'value'; action: 'tag_add' | 'tag_remove' | 'set_location' | 'set_roles' }
  | { kind: 'confirm'; preview: BulkPreview; selected: number }

/** A job as the run answered it, or as the preview promised it when the answer says less. */
const startedJob = (preview: BulkPreview, answer: unknown): BulkJob =>
  answer && typeof answer === 'object' && 'status' in answer
    ? (answer as BulkJob)
    : { ...preview, status: 'running', done: 0, changed: 0, skipped: [], selection_label: '', created_at: '', finished_at: null, audit_id: null, undoable: false }

/** The organization's roles, read only for the users' list (its roles change); null while unknown or not readable. */
function useRoles(wanted: boolean): UserRole[] | null {
  const [roles, setRoles] = useState<UserRole[] | null>(null)
  useEffect(() => {
    if (!wanted) return
    const controller = new AbortController()
    void bulkRoles(controller.signal).then((found) => controller.signal.aborted || setRoles(found))
    return () => controller.abort()
  }, [wanted])
  return roles
}

/**
 * The bulk bar of a list, loaded when a row is first ticked: what is selected ("240 selected",
 * "select all 1,204 matching this filter"), the collection's actions, the value each needs, the
 * preview to confirm, and the running job with its outcome and undo.
 */
export function BulkTools({ bulk, query, total, reload, rules: rulesSource }: BulkToolsProps) {
  const t = useT()
  const rules = useRules(rulesSource)
  const locale = useStore($locale)
  const { collection, selection } = bulk
  const roles = useRoles(collection === 'users')
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [asking, setAsking] = useState<BulkAction | null>(null)
  const [message, setMessage] = useState('')
  const [job, setJob] = useState<BulkJob | null>(null)
  const count = selectedCount(selection, total)
  const roleName = (id: string) => roles?.find((role) => role.id === id)?.name ?? id

  /** Asks the server what the action would touch; the preview dialog follows, or the failure comes back. */
  const preview = async (action: BulkAction, params: BulkParams): Promise<Failed | null> => {
    const selected = count
    const result = await previewBulk({ collection, action, params, selection: bulkSelectionOf(selection, query) })
    if (!result.ok) return result
    setStep({ kind: 'confirm', preview: result.data, selected })
    return null
  }

  const choose = async (action: BulkAction) => {
    setMessage('')
    if (needsValue(action)) return setStep({ kind: 'value', action })
    setAsking(action)
    const failed = await preview(action, {})
    setAsking(null)
    if (failed) setMessage(failed.message)
  }

  const run = async (previewed: BulkPreview): Promise<string | null> => {
    const result = await runBulk(previewed.id)
    if (!result.ok) return result.message
    setStep({ kind: 'idle' })
    bulk.clear()
    setJob(startedJob(previewed, result.data))
    return null
  }

  return (
    <>
      {count > 0 && (
        <div className={s.bar} role="region" aria-label={t('bulk.bar')}>
          <p className={s.count} role="status">
            {counted(t, locale, 'bulk.selected', count)}
          </p>
          <div className={s.actions}>
            {BULK_ACTIONS[collection].filter((action: BulkAction) => offersAction(collection, action, query)).map((action: BulkAction) => (
              <Button
                key={action}
                variant="secondary"
                className={isDanger(action) ? s.danger : undefined}
                busy={asking === action}
                disabled={asking !== null || job?.status === 'running'}
                onClick={() => void choose(action)}
              >
                {t(`bulk.actions.${collection}.${action}`)}
              </Button>
            ))}
            <Button variant="text" onClick={bulk.clear}>
              {t('bulk.clear')}
            </Button>
          </div>
          {selection.all ? (
            <p className={s.note}>{counted(t, locale, 'bulk.allSelected', total)}</p>
          ) : (
            offersMatching(selection, bulk.page, total) && (
              <p className={s.note}>
                {counted(t, locale, 'bulk.pageSelected', bulk.page.length)}{' '}
                <Button variant="text" onClick={bulk.selectMatching}>
                  {counted(t, locale, 'bulk.selectMatching', total)}
                </Button>
              </p>
            )
          )}
          {isFull(selection) && <p className={s.note}>{t('bulk.full', { max: MAX_BULK_IDS })}</p>}
          {message && (
            <div className={s.wide}>
              <Banner variant="error" onClose={() => setMessage('')}>
                {messageText(message)}
              </Banner>
            </div>
          )}
        </div>
      )}
      {job && <BulkJobPanel key={job.id} started={job} onChanged={reload} onDismiss={() => setJob(null)} />}
      {step.kind === 'value' && (
        <BulkValueDialog
          collection={collection}
          action={step.action}
          roles={roles}
          rules={rules}
          preview={(params) => preview(step.action, params)}
          onClose={() => setStep({ kind: 'idle' })}
        />
      )}
      {step.kind === 'confirm' && (
        <BulkConfirm
          preview={step.preview}
          selected={step.selected}
          roleName={roleName}
          onConfirm={() => run(step.preview)}
          onClose={() => setStep({ kind: 'idle' })}
        />
      )}
    </>
  )
}

// The screen table (src/app/screens.ts) loads the bar by its default export.
// The table types its screens as taking no props; the one who renders it passes BulkTools's.
export default BulkTools as unknown as ComponentType
