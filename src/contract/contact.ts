import { object, type Infer } from 'superstruct'
import { optional } from './json-schema'
import { Note } from './record-fields'
import { Email, LIMITS, Text } from './validation'

/** `POST /contact`: the landing page's contact form, mailed to whoever runs the console. */
export const CONTACT_PATH = '/contact'

const fields = { name: Text(LIMITS.name), email: Email, messages: optional(Note(LIMITS.text)) }

/** The landing page's contact form: name and e-mail required, the message optional. */
export const ContactForm = object(fields)
export type ContactForm = Infer<typeof ContactForm>

/**
 * What the form sends: its fields and `website`, a field people never see or fill. A request that
 * fills it is answered as if sent, and nothing is mailed.
 */
export const ContactBody = object({ ...fields, website: optional(Note(200)) })
export type ContactBody = Infer<typeof ContactBody>

/** The answer to a message taken: 202 and a sentence to show. */
export interface ContactSent {
  message: string
}
