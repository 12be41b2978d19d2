import { EMAIL_PATTERN } from '../../contract/validation'

/** The article's sections and related posts, by their keys under `demo-article`. */
export const SECTIONS = ['canary', 'windows', 'tunnels'] as const
export const RELATED = ['keys', 'uplink', 'kiosks'] as const

/** When the article and its related posts came out (made up, fixed so server and browser agree). */
export const PUBLISHED = '2026-11-18'
export const RELATED_DATES: Record<(typeof RELATED)[number], string> = { keys: '2026-10-30', uplink: '2026-10-12', kiosks: '2026-09-21' }

export interface Comment {
  name: string
  email: string
  comment: string
  [field: string]: string
}

/**
 * The comment form's rules: every field required, and the e-mail a basic
 * address with a 2 to 4 letter ending, else 'Invalid email'. Messages are locale keys.
 */
export function commentErrors({ name, email, comment }: Comment): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {}
  if (!name.trim()) errors.name = 'validation.required'
  if (!email.trim()) errors.email = 'validation.required'
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'validation.email'
  if (!comment.trim()) errors.comment = 'validation.required'
  return errors
}
