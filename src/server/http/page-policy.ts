import { createHash } from 'node:crypto'

// Inline scripts the policy governs: classic ones (no type, or a JavaScript MIME type), modules and
// import maps. Any other type, such as `application/json`, is a data block the browser never runs.
const EXECUTABLE_TYPE = /^(?:|module|importmap|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:jscript|livescript|javascript1\.[0-5]))$/i

interface InlineElement {
  attributes: string
  text: string
}

const elements = (html: string, tag: 'script' | 'style'): InlineElement[] =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}\\s*>`, 'gi'))].map(([, attributes = '', text = '']) => ({ attributes, text }))

function attribute(attributes: string, name: string): string | undefined {
  const found = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, 'i').exec(attributes)
  return found ? (found[1] ?? found[2] ?? found[3] ?? '') : undefined
}

// The HTML parser turns every CR LF and lone CR into LF before the browser hashes the text.
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')}'`

const unique = (items: string[]) => [...new Set(items)]

function inlineScriptHashes(html: string): string[] {
  const executable = elements(html, 'script').filter(
    ({ attributes }) => attribute(attributes, 'src') === undefined && EXECUTABLE_TYPE.test((attribute(attributes, 'type') ?? '').trim()),
  )
  return unique(executable.map(({ text }) => hashOf(text)))
}

const inlineStyleHashes = (html: string) => unique(elements(html, 'style').map(({ text }) => hashOf(text)))

/** `https://api.example.com` for an absolute URL, `api.example.com` for `//api.example.com`; else nothing. */
function originOf(url: string): string | undefined {
  const value = url.trim().replace(/&amp;/g, '&')
  try {
    if (value.startsWith('//')) return new URL(`https:${value}`).host
    const parsed = new URL(value)
    return /^(?:https?|wss?):$/.test(parsed.protocol) ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Where the page's scripts connect besides its own origin: the API of its `api-host` meta (set by
 * API_HOST at serve time, or edited into the built page) and, in dev builds, the live reload stream.
 */
function connectOrigins(html: string): string[] {
  const apiHost = /<meta\b[^>]*\bname=["']api-host["'][^>]*>/i.exec(html)?.[0]
  const urls = [
    apiHost && attribute(apiHost.slice('<meta'.length, -1), 'content'),
    ...elements(html, 'script').map(({ attributes }) => attribute(attributes, 'data-live-reload')),
  ]
  return unique(urls.flatMap((url) => (url ? (originOf(url) ?? []) : [])))
}

/**
 * The Content-Security-Policy a console page runs under, from its own HTML: its inline scripts
 * and styles by hash, never `'unsafe-inline'` or `'unsafe-eval'`, and no framing.
 */
export function pagePolicy(html: string): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScriptHashes(html)].join(' '),
    ['style-src', "'self'", ...inlineStyleHashes(html)].join(' '),
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...connectOrigins(html)].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}
