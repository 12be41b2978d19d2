import { Hono, type Context } from 'hono'
import { ALERT_ANSWER_PATH } from '../../contract/alerts'
import type { Rule } from '../http/throttle'
import { describe } from '../openapi/registry'
import type { Services } from '../services'
import { answerMailRequest, ANSWER_VALUES, requestOfToken, type AnswerValue } from './answer'
import { answerPage, PAGE_POLICY, type PageState } from './answer-page'

/** Answers tried per client: enough for a person, nothing for a guesser (tokens are 32 random bytes anyway). */
const ANSWERS: Rule = { name: 'alert-answer', limit: 30, windowMs: 15 * 60_000, perClient: true }
const HTML = { description: 'The page, in the language of the rule that asked.', type: 'text/html' }

describe(
  {
    method: 'get',
    path: ALERT_ANSWER_PATH,
    tag: 'Alerts',
    summary: 'Open an alert mail request',
    description: 'The page a request\'s link opens, without signing in: it asks whether the address confirms (or refuses) the organization\'s alert mail, and changes nothing by itself. 30 per client in 15 minutes, then 429.',
    caller: 'public',
    query: [
      { name: 'token', description: 'The token of the mailed link.', schema: { type: 'string', maxLength: 200 }, required: true },
      { name: 'answer', description: 'The answer the link offers first.', schema: { type: 'string', enum: [...ANSWER_VALUES] } },
    ],
    answers: { 200: HTML, 400: { ...HTML, description: 'An unknown, used or expired link.' }, 429: { description: 'Too many attempts.', body: { ref: 'Error' }, headers: ['Retry-After'] } },
  },
  {
    method: 'post',
    path: ALERT_ANSWER_PATH,
    tag: 'Alerts',
    summary: 'Confirm or refuse an organization\'s alert mail',
    description: 'The page\'s buttons: `confirm` lets the organization\'s rules mail the address; `refuse` ends its mail to the address for good. The token works once. 30 per client in 15 minutes, then 429.',
    caller: 'public',
    bodyType: 'application/x-www-form-urlencoded',
    body: { type: 'object', properties: { token: { type: 'string' }, answer: { type: 'string', enum: [...ANSWER_VALUES] } }, required: ['token', 'answer'] },
    answers: { 200: HTML, 400: { ...HTML, description: 'An unknown, used or expired link.' }, 429: { description: 'Too many attempts.', body: { ref: 'Error' }, headers: ['Retry-After'] } },
  },
)

const answerOf = (value: unknown): AnswerValue | undefined => (ANSWER_VALUES as readonly unknown[]).includes(value) ? (value as AnswerValue) : undefined
const tokenOf = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 200 ? value.trim() : '')

/** The page with its own policy, 200 or 400. */
const page = (c: Context, language: string, state: PageState) => {
  c.header('Content-Security-Policy', PAGE_POLICY)
  return c.html(answerPage(language, state), state.kind === 'invalid' ? 400 : 200)
}

/** `GET /alert-mail?token=&answer=` shows the question, `POST /alert-mail` (a form: token, answer) answers it. */
export function alertAnswerRoutes(services: Services) {
  return new Hono()
    .get(ALERT_ANSWER_PATH, async (c) => {
      await services.throttle.count(c, [ANSWERS])
      const token = tokenOf(c.req.query('token'))
      const found = token ? await requestOfToken(services, token) : undefined
      if (!found) return page(c, 'en', { kind: 'invalid' })
      const answer = answerOf(c.req.query('answer')) ?? 'confirm'
      return page(c, found.language, { kind: 'ask', answer, token, organization: found.organization, email: found.email, who: found.requested_by })
    })
    .post(ALERT_ANSWER_PATH, async (c) => {
      await services.throttle.count(c, [ANSWERS])
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const token = tokenOf(form.token)
      const answer = answerOf(form.answer)
      const found = token && answer ? await requestOfToken(services, token) : undefined
      if (!found || !answer) return page(c, found?.language ?? 'en', { kind: 'invalid' })
      if (!(await answerMailRequest(services, found, token, answer))) return page(c, found.language, { kind: 'invalid' })
      return page(c, found.language, { kind: answer === 'confirm' ? 'confirmed' : 'refused', organization: found.organization, email: found.email })
    })
}
