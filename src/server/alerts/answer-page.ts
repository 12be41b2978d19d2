import { createHash } from 'node:crypto'
import { BRAND } from '../messages'
import { fill, textsFor } from './texts'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!)

// System colours only: the page follows the reader's light or dark setting without a palette.
const STYLE =
  ':root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}' +
  'main{max-width:34rem;margin:10vh auto;padding:0 1rem}form{display:inline-block;margin-inline-end:.5rem}' +
  'button{font:inherit;padding:.5rem 1.25rem;cursor:pointer}'

/** The page's own policy: its one style block by hash, forms to this server only, nothing else. */
export const PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

const RTL = new Set(['ar'])

/** What the page shows: a question with its buttons, or what happened. */
export type PageState =
  | { kind: 'ask'; answer: 'confirm' | 'refuse'; token: string; organization: string; email: string; who: string }
  | { kind: 'confirmed' | 'refused'; organization: string; email: string }
  | { kind: 'invalid' }

/** The form that sends one answer, its token in a hidden field; relative, so the page works under any prefix. */
const button = (token: string, answer: 'confirm' | 'refuse', label: string) =>
  `<form method="post" action="alert-mail"><input type="hidden" name="token" value="${escape(token)}"><input type="hidden" name="answer" value="${answer}"><button type="submit">${escape(label)}</button></form>`

/**
 * The answer page in `language`: opening a link only asks (a mail scanner that follows links
 * changes nothing); its buttons post the answer. Whatever the organization chose is escaped.
 */
export function answerPage(language: string, state: PageState): string {
  const texts = textsFor(language).answerPage
  const vars = state.kind === 'invalid' ? {} : { organization: escape(state.organization), email: escape(state.email), ...(state.kind === 'ask' ? { who: escape(state.who) } : {}) }
  const title = state.kind === 'invalid' ? BRAND : fill(escape(texts.title), vars)
  let body: string
  if (state.kind === 'ask') {
    const buttons = state.answer === 'confirm'
      ? button(state.token, 'confirm', texts.confirm) + button(state.token, 'refuse', texts.refuse)
      : button(state.token, 'refuse', texts.refuse)
    body = `<p>${fill(escape(state.answer === 'confirm' ? texts.askConfirm : texts.askRefuse), vars)}</p>${buttons}`
  } else body = `<p>${fill(escape(state.kind === 'invalid' ? texts.invalid : texts[state.kind]), vars)}</p>`
  const lang = escape(language)
  return `<!doctype html><html lang="${lang}" dir="${RTL.has(language) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`
}
