import { useState } from 'react'
import { useLocation } from 'wouter'
import type { AcceptBody, JoinBody } from '../../contract/users'
import { login } from '../../stores/sign-in'
import type { FormErrors } from '../../ui/use-form'
import { acceptInvitation } from './invitation-api'

/**
 * Sends an acceptance; answered as a sign-in is, it signs in and opens the console. A refusal
 * stays on the form: its message in `refused`, its field errors given to `setServerErrors`.
 */
export function useAccept() {
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const accept = async (body: AcceptBody | JoinBody, setServerErrors: (errors: FormErrors | undefined) => void) => {
    setBusy(true)
    setRefused(null)
    const result = await acceptInvitation(body)
    if (!result.ok) {
      setBusy(false)
      setServerErrors(result.errors)
      return setRefused(result.message)
    }
    if (await login(async () => result)) navigate('/app')
    else setBusy(false)
  }
  return { busy, refused, accept, dismiss: () => setRefused(null) }
}
