import { Hono } from 'hono'
import { CONTACT_PATH, ContactBody } from '../../contract/contact'
import { readBody } from '../http/body'
import { ApiError } from '../http/errors'
import { linkOrigin } from '../http/origin'
import { route } from '../http/route'
import { RULES } from '../http/throttle'
import { message } from '../messages'
import { describe } from '../openapi/registry'
import type { Services } from '../services'
import { contactRecipient } from './recipient'

export interface ContactOptions {
  /** `CONTACT_EMAIL`: who receives the messages; the first administrator when absent. */
  email?: string
  /** `CONTACT_MAILS_PER_HOUR`: messages the whole server sends in an hour at most; default 30. */
  mailsPerHour?: number
}

const HOURLY = RULES.contactServer.limit
const PER_CLIENT = RULES.contact.limit

describe({
  method: 'post',
  path: CONTACT_PATH,
  tag: 'Contact',
  summary: 'Send a contact message',
  description:
    `Mails the landing page's contact form to whoever runs the console (\`CONTACT_EMAIL\`, else the first administrator), with the writer's address as Reply-To. ` +
    `${PER_CLIENT} messages per client an hour and ${HOURLY} for the whole server by default (\`CONTACT_MAILS_PER_HOUR\`), then 429. ` +
    'A request that fills `website`, a field people never see, is answered 202 and nothing is sent.',
  caller: 'public',
  body: ContactBody,
  example: { name: 'Ada Lovelace', email: 'ada@example.com', messages: 'We run 80 kiosks in two depots.' },
  answers: {
    202: { description: 'Taken and mailed (or written to the outbox without SMTP).', body: { ref: 'Message' } },
    429: { description: 'Too many messages from this client, or for the server this hour.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    503: { description: 'No address to send to, or the mail could not be sent.', body: { ref: 'Error' } },
  },
})

/** A header's worth of a name: one line, at most 120 characters (the contract trims and cleans it already). */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, 120)

export function contactRoutes(services: Services, options: ContactOptions = {}) {
  const serverRule = { ...RULES.contactServer, limit: options.mailsPerHour ?? HOURLY }
  return new Hono().post(route(CONTACT_PATH), async (c) => {
    const body = await readBody(c, ContactBody)
    await services.throttle.count(c, [RULES.contact])
    const sent = () => c.json({ message: message('contactSent') }, 202)
    // A robot that fills every field gets the same answer as a person, and nothing is mailed.
    if (body.website?.trim()) return sent()
    const to = await contactRecipient(services.db, options.email)
    if (!to) throw new ApiError(503, message('contactUnavailable'))
    await services.throttle.countFor([{ rule: serverRule, subject: 'server' }])
    const name = oneLine(body.name)
    const email = body.email.trim()
    const text = message('contactMailBody', {
      name,
      email,
      origin: linkOrigin(c, services.publicUrl),
      message: body.messages?.trim() || message('contactNoMessage'),
    })
    try {
      const { file } = await services.mailer.send({ to, subject: message('contactMailSubject', { name }), text, replyTo: { name, address: email } })
      if (file) services.log.info(`Contact message from ${email} written to ${file}`)
    } catch (error) {
      services.log.error('Contact mail failed:', error)
      throw new ApiError(503, message('contactUnavailable'))
    }
    return sent()
  })
}
