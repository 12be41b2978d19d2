import { isSessionEndReason, type SessionEndReason } from '../contract/session-end'
import { isRight } from '../contract/rights'
import { hasText, t } from '../lib/i18n'

const field = (body: unknown, name: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined)

/**
 * A 403's `rights` in the reader's language: "This needs the Edge & Devices right" (any one of
 * several: "the Alerts or Edge & Devices right"); undefined when the answer names none, or when the
 * console's right names are not loaded (the server's own English then says it).
 */
export function missingRightText(body: unknown): string | undefined {
  const rights = field(body, 'rights')
  const named = Array.isArray(rights) ? rights.filter((right): right is string => typeof right === 'string' && isRight(right)) : []
  if (!named.length || !named.every((right) => hasText(`menu.${right}`))) return undefined
  return t('session.needsRight', { right: named.map((right) => t(`menu.${right}`)).join(t('session.rightsOr')) })
}

/** A 401's reason: why the session stopped working, when the server still knew it. */
export function endReason(body: unknown): SessionEndReason | undefined {
  const reason = field(body, 'reason')
  return isSessionEndReason(reason) ? reason : undefined
}
