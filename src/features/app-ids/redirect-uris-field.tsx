import { clsx } from 'clsx'
import { useId } from 'react'
import { messageText } from '../../lib/i18n'
import f from '../../ui/fields.module.css'
import type { Form } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { lineErrors, type AppValues } from './redirect-lines'
import s from './app-ids.module.css'

/** The redirect URIs, one a line, each refused line named under the field with its reason. */
export function RedirectUrisField({ form }: { form: Form<AppValues> }) {
  const t = useT()
  const id = useId()
  const binding = form.text('redirect_uris')
  const touched = form.touched.redirect_uris === true
  const perLine = touched ? lineErrors(binding.value, form.errors) : []
  const messages = [...(binding.error ? [binding.error] : []), ...perLine.map((entry) => t('appIds.line', { n: entry.line, message: messageText(entry.message) }))]
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className={f.field}>
      <label htmlFor={id} className={f.label}>
        {t('appIds.redirectUris')}
      </label>
      <textarea
        id={id}
        name="redirect_uris"
        rows={4}
        spellCheck={false}
        autoComplete="off"
        dir="ltr"
        value={binding.value}
        className={clsx(f.input, f.area, s.area, messages.length > 0 && f.invalid)}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={messages.length ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => binding.onChange(event.currentTarget.value)}
        onBlur={binding.onBlur}
      />
      <p id={hintId} className={s.hint}>
        {t('appIds.redirectHint')}
      </p>
      {messages.length > 0 && (
        <ul id={errorId} className={s.lineErrors}>
          {messages.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
