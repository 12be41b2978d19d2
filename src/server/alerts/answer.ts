import { hashSecret } from '../auth/tokens'
import { answerRequest, pendingRequest } from '../db/alerts/recipients'
import type { Services } from '../services'

/** What a request's link may answer. */
export const ANSWER_VALUES = ['confirm', 'refuse'] as const
export type AnswerValue = (typeof ANSWER_VALUES)[number]

/** A pending request as its page shows it: the address, its language, who asked, the organization. */
export type OpenRequest = NonNullable<Awaited<ReturnType<typeof pendingRequest>>>

type AnswerServices = Pick<Services, 'db' | 'log' | 'now'>

/**
 * The pending request a mailed link's `token` opens, found by the token's hash alone, so a token
 * answers for its own organization and address only, and only before it expires.
 */
export const requestOfToken = (services: AnswerServices, token: string): Promise<OpenRequest | undefined> =>
  pendingRequest(services.db, hashSecret(token), services.now().toISOString())

/**
 * Confirms (the organization's rules may mail the address) or refuses (its mail to the address
 * ends for good) the request `found` opened with `token`, once: of two answers at once, one is
 * kept. Answers whether this one was.
 */
export async function answerMailRequest(services: AnswerServices, found: OpenRequest, token: string, answer: AnswerValue): Promise<boolean> {
  const at = services.now().toISOString()
  const kept = await answerRequest(services.db, found.id, hashSecret(token), answer === 'confirm' ? 'confirmed' : 'refused', at)
  if (kept) services.log.info(`Alert mail to ${found.email} ${answer === 'confirm' ? 'confirmed' : 'refused'} for organization "${found.organization}"`)
  return kept
}
