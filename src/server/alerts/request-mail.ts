import { ALERT_ANSWER_PATH, ALERT_LIMITS } from '../../contract/alerts'
import { BRAND } from '../messages'
import type { Services } from '../services'
import { fill, textsFor } from './texts'

/** Where the API is mounted (`app.ts`): the answer page is one of its routes. */
const API_MOUNT = '/api'

/** One address asked, with the token of its links (kept only as a hash). */
export interface Request {
  email: string
  token: string
}

/** What every request of one write shares. */
export interface RequestBatch {
  organization: string
  requestedBy: string
  language: string
  /** The console's origin for links (`linkOrigin`). */
  origin: string
}

/** The link that opens the answer page for `answer`; the page asks before anything changes. */
export const answerLink = (origin: string, token: string, answer: 'confirm' | 'refuse') => `${origin}${API_MOUNT}${ALERT_ANSWER_PATH}?token=${token}&answer=${answer}`

/**
 * Mails each address its request: who asked, for which organization, a link to confirm and one to
 * refuse. Sent after the write is kept, one failure not stopping the others.
 */
export async function sendRequests(services: Pick<Services, 'mailer' | 'log'>, batch: RequestBatch, asks: readonly Request[]): Promise<void> {
  const texts = textsFor(batch.language).requestMail
  for (const { email, token } of asks) {
    const vars = {
      who: batch.requestedBy,
      organization: batch.organization,
      brand: BRAND,
      email,
      days: ALERT_LIMITS.confirmDays,
      confirm: answerLink(batch.origin, token, 'confirm'),
      refuse: answerLink(batch.origin, token, 'refuse'),
    }
    await services.mailer
      .send({ to: email, subject: `[${BRAND}] ${fill(texts.subject, vars)}`, text: `${fill(texts.body, vars)}\n` })
      .catch((error: unknown) => services.log.error(`Alert mail request to ${email} failed:`, error))
  }
}
