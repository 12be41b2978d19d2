import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useState } from 'react'
import type { Right } from '../../contract/rights'
import type { RolePreview } from '../../contract/roles'
import { $locale } from '../../stores/locale'
import { useT } from '../../ui/use-t'
import { previewSentence } from './preview-text'
import { previewRole } from './roles-api'
import s from './roles.module.css'

/** Ticking boxes settles this long before the server is asked again. */
export const PREVIEW_DELAY_MS = 250

/** The last answer stays on screen, marked stale, while a newer question is under way. */
export interface PreviewState {
  status: 'loading' | 'ready' | 'error'
  preview: RolePreview | null
}

/** What the server says giving the role `rights` (or deleting it, `null`) does to people. */
export function useRolePreview(roleId: string, rights: readonly Right[] | null): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'loading', preview: null })
  const key = rights ? [...rights].sort().join() : null
  useEffect(() => {
    const controller = new AbortController()
    setState((old) => ({ ...old, status: 'loading' }))
    const timer = setTimeout(() => {
      void previewRole(roleId, rights, controller.signal).then((result) => {
        if (!controller.signal.aborted) setState(result.ok ? { status: 'ready', preview: result.data } : { status: 'error', preview: null })
      })
    }, PREVIEW_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // `key` stands for the rights.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roleId, key])
  return state
}

/** The preview in words, announced as it changes: "Grants Billing to 3 users, removes…" */
export function RolePreviewNote({ roleId, rights }: { roleId: string; rights: readonly Right[] | null }) {
  const t = useT()
  const locale = useStore($locale)
  const state = useRolePreview(roleId, rights)
  const sentence = state.preview ? previewSentence(state.preview, t, locale) : ''
  const text =
    state.status === 'error'
      ? t('roles.preview.failed')
      : !state.preview
        ? t('roles.preview.loading')
        : sentence || t(rights ? 'roles.preview.none' : 'roles.preview.noneDeleted')
  return (
    <p className={clsx(s.preview, state.status === 'loading' && state.preview && s.stale)} role="status" aria-busy={state.status === 'loading'}>
      {text}
    </p>
  )
}
