import { object, optional, string, type Infer } from 'superstruct'
import { Email, Required } from './validation'

/** The landing page's contact form: name and e-mail required, the message optional (SPEC.md section 5). */
export const ContactForm = object({ name: Required, email: Email, messages: optional(string()) })
export type ContactForm = Infer<typeof ContactForm>
