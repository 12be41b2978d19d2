import { useState } from 'react'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { TextArea } from '../../ui/text-area'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { commentErrors } from './article'
import s from './article-screen.module.css'

/** Name, e-mail and a comment; Send checks them and thanks the reader. Nothing is sent: it is a demo. */
export function CommentForm() {
  const t = useT()
  const [sent, setSent] = useState(false)
  const form = useForm({ name: '', email: '', comment: '' }, commentErrors, () => setSent(true))
  return (
    <form className={s.form} noValidate onSubmit={form.submit}>
      <div className={s.pair}>
        <TextField label={t('demo-article.comment.name')} autoComplete="name" {...form.text('name')} />
        <TextField label={t('demo-article.comment.email')} type="email" autoComplete="email" {...form.text('email')} />
      </div>
      <TextArea label={t('demo-article.comment.comment')} rows={5} {...form.text('comment')} />
      {sent && <Banner variant="success">{t('demo-article.comment.thanks')}</Banner>}
      <Button type="submit" className={s.send}>
        {t('demo-article.comment.send')}
      </Button>
    </form>
  )
}
