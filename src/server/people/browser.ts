import Bowser from 'bowser'

/** Long enough for any browser's name, version and system; a made-up agent stays within it. */
const MAX_LABEL = 60

/** A client that is no browser (`curl/8.5.0`) by its first product and major version. */
const product = (userAgent: string) => {
  const match = /^([A-Za-z][\w.-]{0,40})(?:\/(\d+))?/.exec(userAgent.trim())
  return match ? [match[1], match[2]].filter(Boolean).join(' ') : ''
}

/**
 * A user agent as a person reads it in a list of sign-ins or sessions: `Chrome 126 on Windows`,
 * `Firefox 128 on Android`, `curl 8`; empty when it tells nothing. Only the major version is kept.
 */
export function browserLabel(userAgent: string): string {
  if (!userAgent.trim()) return ''
  const parsed = Bowser.parse(userAgent)
  const name = parsed.browser.name ?? ''
  const major = parsed.browser.version?.split('.')[0] ?? ''
  const system = parsed.os.name ?? ''
  const browser = [name, /^\d+$/.test(major) ? major : ''].filter(Boolean).join(' ')
  const label = browser && system ? `${browser} on ${system}` : browser || system || product(userAgent)
  return label.slice(0, MAX_LABEL)
}
