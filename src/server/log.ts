import { inspect } from 'node:util'

/** Where the server writes its log lines; tests pass their own to read them. */
export interface Logger {
  info(line: string): void
  error(line: string, error?: unknown): void
}

const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** `text` on one line, its controls, line separators and bidi overrides escaped: a request cannot forge a log line. */
export const oneLine = (text: string) =>
  text.replace(CONTROLS, (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** Every entry is one line: what a request said (a path, an address) and an error's stack alike. */
export const consoleLogger: Logger = {
  info: (line) => console.log(oneLine(line)),
  error: (line, error) => console.error(oneLine(error === undefined ? line : `${line} ${inspect(error, { breakLength: Infinity })}`)),
}
