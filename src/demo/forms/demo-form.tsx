import { useState, type FormEvent, type ReactNode } from 'react'
import { Banner } from '../../ui/banner'
import card from '../../ui/card.module.css'
import { useForm, type FormErrors, type FormValues } from '../../ui/use-form'
import { useT } from '../../ui/use-t'

/** One card of the page: a region named by its heading. */
export function DemoCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The console's form hook for a form that reaches no server: a valid submit shows a success
 * banner saying that nothing was sent, and the next submit takes it away until it is valid again.
 */
export function useDemoForm<V extends FormValues>(initial: V, validate: (values: V) => FormErrors) {
  const t = useT()
  const [valid, setValid] = useState(false)
  const form = useForm(initial, validate, () => setValid(true))
  const submit = (event: FormEvent) => {
    setValid(false)
    form.submit(event)
  }
  const banner = valid ? (
    <Banner variant="success" onClose={() => setValid(false)}>
      {t('demo-forms.notSent')}
    </Banner>
  ) : null
  return { form, submit, banner }
}
