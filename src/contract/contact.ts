import { object, type Infer } from 'superstruct'
import { optional } from './json-schema'
import { Note } from './record-fields'
import { Email, LIMITS, Text } from './validation'

/** The landing page's contact form: name and e-mail required, the message optional. */
export const ContactForm = object({ name: Text(LIMITS.name), email: Email, messages: optional(Note(LIMITS.text)) })
export type ContactForm = Infer<typeof ContactForm>
