import { dictionary } from '@zxcvbn-ts/language-common'
import { passwordEmailRule, type MessageKey } from '../../contract/validation'

let common: Set<string> | undefined

/** zxcvbn's list of about 49,000 passwords seen most often in breaches, loaded on first use. */
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']))

/** Why the server refuses `password` as a new password of `email`'s account, if it does. */
export function weakPassword(password: string, email: string): MessageKey | undefined {
  const normalized = password.normalize('NFKC')
  if (commonPasswords().has(normalized.toLowerCase())) return 'validation.passwordCommon'
  const outcome = passwordEmailRule(normalized, email)
  return outcome === true ? undefined : outcome
}
