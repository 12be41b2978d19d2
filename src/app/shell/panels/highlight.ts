/** What the Show Code panel colours; everything else is plain text. */
export type TokenType = 'keyword' | 'string' | 'comment' | 'tag' | 'number' | 'text'

export interface Token {
  type: TokenType
  text: string
}

const KEYWORDS = [
  'as', 'async', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'default', 'delete', 'do', 'else',
  'export', 'extends', 'false', 'finally', 'for', 'from', 'function', 'if', 'import', 'in', 'instanceof', 'interface',
  'let', 'new', 'null', 'of', 'readonly', 'return', 'static', 'switch', 'this', 'throw', 'true', 'try', 'type',
  'typeof', 'undefined', 'var', 'void', 'while', 'yield',
]

// One alternative per token type, in this order: comment, string, JSX tag, number, keyword.
const TOKEN = new RegExp(
  [
    /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))/.source,
    /('(?:\\.|[^'\\\n])*'?|"(?:\\.|[^"\\\n])*"?|`(?:\\[\s\S]|[^`\\])*`?)/.source,
    /(<\/?[A-Za-z][\w.:-]*|\/>)/.source,
    /\b(0[xX][\da-fA-F]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)\b/.source,
    `\\b(${KEYWORDS.join('|')})\\b`,
  ].join('|'),
  'g',
)

const TYPES: TokenType[] = ['comment', 'string', 'tag', 'number', 'keyword']

/** A `<` starts a JSX tag only where an expression may start, not after a name (`a < b`, `f<T>`). */
const startsTag = (source: string, at: number): boolean => {
  let before = at - 1
  while (before >= 0 && /\s/.test(source.charAt(before))) before--
  if (before < 0) return true
  return /[(\[{,;:?=&|!>}]/.test(source.charAt(before)) || source.slice(Math.max(0, before - 5), before + 1) === 'return'
}

/**
 * Splits source code into tokens for the highlighter: keywords, strings, comments, JSX tags and
 * numbers. A tiny scanner, not a parser; joined back, the tokens are the source unchanged.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  const push = (type: TokenType, text: string) => {
    if (!text) return
    const last = tokens[tokens.length - 1]
    if (last && last.type === type && type === 'text') last.text += text
    else tokens.push({ type, text })
  }
  let at = 0
  for (const match of source.matchAll(TOKEN)) {
    const index = match.index ?? 0
    const group = match.slice(1).findIndex((value) => value !== undefined)
    let type = TYPES[group] ?? 'text'
    if (type === 'tag' && match[0] !== '/>' && !startsTag(source, index)) type = 'text'
    push('text', source.slice(at, index))
    push(type, match[0])
    at = index + match[0].length
  }
  push('text', source.slice(at))
  return tokens
}
