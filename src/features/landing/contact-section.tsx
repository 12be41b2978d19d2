import { useT } from '../../ui/use-t'
import { ContactForm } from './contact-form'
import { Section } from './section'

/** The contact form under its heading. */
export function ContactSection() {
  const t = useT()
  return (
    <Section id="contact" title={t('landing.contact.title')} intro={t('landing.contact.intro')} tinted>
      <ContactForm />
    </Section>
  )
}
