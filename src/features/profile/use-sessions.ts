import { useCallback, useEffect, useState } from 'react'
import type { SessionRecord } from '../../contract/profile'
import { profileApi } from './profile-api'

export type SessionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; sessions: SessionRecord[] }

/** The user's live sessions, read again whenever `generation` changes (a password change ended some). */
export function useSessions(generation: number) {
  const [state, setState] = useState<SessionsState>({ status: 'loading' })
  const [reads, setReads] = useState(0)
  const reload = useCallback(() => setReads((n) => n + 1), [])
  useEffect(() => {
    let gone = false
    void profileApi.sessions().then((result) => {
      if (gone) return
      setState(result.ok ? { status: 'ready', sessions: result.data } : { status: 'error', message: result.message })
    })
    return () => {
      gone = true
    }
  }, [generation, reads])
  return { state, reload }
}
