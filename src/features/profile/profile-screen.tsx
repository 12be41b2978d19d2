import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $session } from '../../stores/session'
import '../../ui/console-texts'
import { PasswordForm } from './password-form'
import { PresenceChoice } from './presence-choice'
import { ProfileDetails } from './profile-details'
import { SessionsTable } from './sessions-table'
import './texts'
import s from './profile-screen.module.css'

/** The signed-in user's own page: who they are, their photo and status, password and sessions. */
export default function ProfileScreen() {
  const { user } = useStore($session)
  // A password change ends the other sessions: the table reads them again.
  const [generation, setGeneration] = useState(0)
  if (!user) return null
  return (
    <div className={s.profile}>
      <ProfileDetails user={user} />
      <PresenceChoice />
      <PasswordForm email={user.email} onChanged={() => setGeneration((n) => n + 1)} />
      <SessionsTable generation={generation} />
    </div>
  )
}
