import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarTypeOf } from '../../contract/profile'
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

/** Why a photo was refused: a text of the console's own (with its values), or the server's words. */
type Refusal = { key: string; vars?: Record<string, unknown> } | { text: string }

const KB = 1024

/** Why `file` cannot be a photo, from its type and size alone; undefined when those are fine. */
export function refusalOf(file: { type: string; name: string; size: number }): Refusal | undefined {
  if (!avatarTypeOf(file)) return { key: 'account.notPhotoType' }
  if (file.size === 0) return { key: 'account.notImage' }
  if (file.size > AVATAR_MAX_BYTES) return { key: 'account.tooLarge', vars: { size: Math.ceil(file.size / KB), max: AVATAR_MAX_BYTES / KB } }
  return undefined
}

/**
 * Whether the browser can draw the file: what only carries an image's name or type is caught
 * here, before a broken preview. Where the browser cannot tell, the server's check decides.
 */
async function drawable(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true
  try {
    ;(await createImageBitmap(file)).close()
    return true
  } catch {
    return false
  }
}

/**
 * The photo: the current one, a chosen one previewed before it is sent, and removal. A file of
 * another type, over 100 KB or that the browser cannot draw is refused here, saying which, before
 * any upload; the server checks the bytes again and its refusal shows as it says it.
 */
export function AvatarEditor({ user }: { user: User }) {
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [error, setError] = useState<Refusal | null>(null)
  const [busy, setBusy] = useState(false)
  // The file chosen last: a decode that ends after another choice is dropped.
  const latest = useRef<File | null>(null)

  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen.preview)), [chosen])

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    // The same file may be chosen again after a refusal.
    event.currentTarget.value = ''
    if (!file) return
    latest.current = file
    setChosen(null)
    const refusal = refusalOf(file)
    if (refusal) return setError(refusal)
    const ok = await drawable(file)
    if (latest.current !== file) return
    if (!ok) return setError({ key: 'account.notImage' })
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
      setError({ text: result.message })
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
        <input ref={input} type="file" hidden aria-label={t('account.choosePhoto')} accept={AVATAR_TYPES.join(',')} onChange={(event) => void choose(event)} />
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
              <Button variant="secondary" aria-describedby={error ? `${id}-error ${id}-rule` : `${id}-rule`} onClick={() => input.current?.click()}>
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
        {error && (
          <p id={`${id}-error`} className={s.error} role="alert">
            {'text' in error ? messageText(error.text) : t(error.key, error.vars)}
          </p>
        )}
        <p id={`${id}-rule`} className={s.hint}>
          {t('account.avatarRule')}
        </p>
      </div>
    </div>
  )
}
