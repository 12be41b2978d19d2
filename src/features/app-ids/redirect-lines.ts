import type { FormErrors } from '../../ui/use-form'

/** The app id form's values: the redirect URIs as its text, one a line. */
export type AppValues = { name: string; redirect_uris: string; scopes: readonly string[] }

/** The redirect URIs as the form's text: one a line. */
export const toText = (uris: readonly string[]) => uris.join('\n')

/** The URIs of the text, one a non-blank line, and the line number (from 1) each came from. */
export function readLines(text: string): { uris: string[]; lines: number[] } {
  const uris: string[] = []
  const lines: number[] = []
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return
    uris.push(line.trim())
    lines.push(index + 1)
  })
  return { uris, lines }
}

/** `redirect_uris.3` -> the line of the fourth URI, with its message; in line order. */
export function lineErrors(text: string, errors: FormErrors): { line: number; message: string }[] {
  const { lines } = readLines(text)
  return Object.entries(errors)
    .map(([name, message]) => ({ index: /^redirect_uris\.(\d+)$/.exec(name)?.[1], message }))
    .filter((entry): entry is { index: string; message: string } => entry.index !== undefined && Boolean(entry.message))
    .map(({ index, message }) => ({ line: lines[Number(index)] ?? Number(index) + 1, message }))
    .sort((a, b) => a.line - b.line)
}
