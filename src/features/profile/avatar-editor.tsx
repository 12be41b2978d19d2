import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { AVATAR_TYPES, avatarAllowed, avatarTypeOf } from '../../contract/profile'
import type { User } from '../../contract/user'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import { profileApi, saveSelf } from './profile-api'
import s from './profile-screen.module.css'

/** A chosen file waiting for Upload, with the address its preview shows from. */
interface Chosen {
  file: File
  preview: string
}

/**
 * The photo: the current one, a chosen one previewed before it is sent, and removal. A file of
 * another type or over 100 KB is refused here with the rule, before any upload; the server
 * checks the bytes again and its refusal shows as it says it.
 */
export function AvatarEditor({ user }: { user: User }) {
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen.preview)), [chosen])

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    // The same file may be chosen again after a refusal.
    event.currentTarget.value = ''
    if (!file) return
    setChosen(null)
    if (!avatarAllowed(file)) {
      setError('account.avatarRule')
      return
    }
    setError(null)
    setChosen({ file, preview: URL.createObjectURL(file) })
  }

  const upload = async () => {
    const type = chosen && avatarTypeOf(chosen.file)
    if (!chosen || !type) return
    setBusy(true)
    const result = await saveSelf(() => profileApi.uploadAvatar(chosen.file, type))
    setBusy(false)
    setChosen(null)
    if (!result.ok) {
      setError(result.message)
      return
    }
    notify('success', 'account.photoSaved')
  }

  const remove = async () => {
    setBusy(true)
    const result = await saveSelf(() => profileApi.removeAvatar())
    setBusy(false)
    setError(null)
    notify(result.ok ? 'success' : 'error', result.ok ? 'account.photoRemoved' : result.message)
  }

  return (
    <div className={s.photo}>
      {chosen ? (
        <img className={s.avatar} src={chosen.preview} alt={t('account.newPhoto')} width={96} height={96} />
      ) : (
        <Avatar user={user} size={96} className={s.avatar} />
      )}
      <div className={s.photoActions}>
        <input ref={input} type="file" hidden aria-label={t('account.choosePhoto')} accept={AVATAR_TYPES.join(',')} onChange={choose} />
        <div className={s.buttons}>
          {chosen ? (
            <>
              <Button busy={busy} onClick={() => void upload()}>
                {t('account.upload')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setChosen(null)}>
                {t('account.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" aria-describedby={`${id}-rule`} onClick={() => input.current?.click()}>
                {t('account.choosePhoto')}
              </Button>
              {user.avatar && (
                <Button variant="text" busy={busy} onClick={() => void remove()}>
                  {t('account.removePhoto')}
                </Button>
              )}
            </>
          )}
        </div>
        {error ? (
          <p id={`${id}-rule`} className={s.error} role="alert">
            {messageText(error)}
          </p>
        ) : (
          <p id={`${id}-rule`} className={s.hint}>
            {t('account.avatarRule')}
          </p>
        )}
      </div>
    </div>
  )
}
