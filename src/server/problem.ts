import consoleTexts from '../../locales/console/en.json'
import type { Right } from '../contract/rights'
import type { SessionEndReason } from '../contract/session-end'
import { message, type ServerKey } from './messages'

/**
 * What the domain refuses, in its own words; the HTTP edge (`http/errors.ts`) answers each kind
 * with its status: invalid 400, unauthorized 401, forbidden 403, notFound 404, conflict 409,
 * tooLarge 413, unsupported 415, unprocessable 422, tooMany 429, unavailable 503.
 */
export type ProblemKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupported'
  | 'unprocessable'
  | 'tooMany'
  | 'unavailable'

/** What a refusal says besides its message. */
export interface ProblemDetails {
  /** A refusal for a missing right: the rights any one of which would have done. */
  rights?: Right[]
  /** A session the server still knows that stopped working: why. */
  reason?: SessionEndReason
  /** When to try again, in seconds (a limit reached, a service busy). */
  retryAfterS?: number
  /** The caller sent more than will be read: the connection ends after the answer. */
  closeConnection?: boolean
}

/** A refusal of the domain: a rule the request broke, with the fields at fault. */
export class Problem extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    readonly errors?: Record<string, string>,
    readonly details: ProblemDetails = {},
  ) {
    super(message)
  }
}

/** A refusal whose message is a `server.*` text. */
export const refuse = (kind: ProblemKind, key: ServerKey, vars?: Record<string, string | number>) => new Problem(kind, message(key, vars))

/** A right as the console's menu names it ('devices' is 'Edge & Devices'). */
export const rightName = (right: Right): string => consoleTexts.menu[right]

/** Forbidden, naming the rights any one of which would have let the caller through. */
export const needsRight = (...rights: Right[]) =>
  new Problem('forbidden', message('needsRight', { right: rights.map(rightName).join(message('rightsOr')) }), undefined, { rights })
