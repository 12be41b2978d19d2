// Reading and running the README's shell commands, for test/api/readme.test.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'

/** The commands of the README's `sh` blocks: continuations joined, trailing comments dropped. */
export function shellCommands(markdown: string): string[] {
  return [...markdown.matchAll(/^[ \t]*```sh\n([\s\S]*?)^[ \t]*```/gm)].flatMap(([, body]) =>
    body!
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean),
  )
}

/** Puts values in place of `<name>` placeholders, refusing to leave one unfilled. */
export function fill(command: string, values: Record<string, string>): string {
  return command.replace(/<([^<>\n]+)>/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`no value for ${whole} in: ${command}`)
    return values[name]!
  })
}

export interface Ran {
  code: number | null
  out: string
  err: string
}

/** Runs a command line with `sh`, as a reader pasting it would. */
export function sh(command: string, cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd, env: { ...process.env, ...env } })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (err += chunk))
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

/** A long-running command in its own process group, so a Ctrl-C reaches all of it. */
export function background(command: string, cwd: string) {
  const child: ChildProcess = spawn('sh', ['-c', command], { cwd, detached: true, env: process.env })
  let out = ''
  child.stdout!.on('data', (chunk) => (out += chunk))
  child.stderr!.on('data', (chunk) => (out += chunk))
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // already gone
    }
  }
  return {
    output: () => out,
    /** Sends Ctrl-C and waits (at most `ms`) for the command to end; kills it past that. */
    async interrupt(ms = 15_000): Promise<boolean> {
      signal('SIGINT')
      const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms).unref())
      if ((await Promise.race([closed, timer])) !== 'late') return true
      signal('SIGKILL')
      await closed
      return false
    },
  }
}

export const hasCurl = () => spawnSync('sh', ['-c', 'command -v curl']).status === 0

/** Shell words of a command with single and double quotes and no expansions, as the README's are. */
export function words(command: string): string[] {
  const out: string[] = []
  let word: string | undefined
  let quote = ''
  for (const char of command) {
    if (quote) {
      if (char === quote) quote = ''
      else word += char
    } else if (char === "'" || char === '"') {
      quote = char
      word ??= ''
    } else if (/\s/.test(char)) {
      if (word !== undefined) out.push(word)
      word = undefined
    } else word = (word ?? '') + char
  }
  if (word !== undefined) out.push(word)
  return out
}

/** The request a README `curl` command makes (`-X`, `-H`, `-d`, `-u`), sent with fetch; answers the body. */
export async function fetchAsCurl(command: string): Promise<string> {
  const [name, ...args] = words(command)
  if (name !== 'curl') throw new Error(`not a curl command: ${command}`)
  let method: string | undefined
  let url: string | undefined
  const headers: Record<string, string> = {}
  const data: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '-X') method = args[++i]
    else if (arg === '-H') {
      const [header, ...value] = args[++i]!.split(':')
      headers[header!.trim().toLowerCase()] = value.join(':').trim()
    } else if (arg === '-d') data.push(args[++i]!)
    else if (arg === '-u') headers.authorization = `Basic ${Buffer.from(args[++i]!).toString('base64')}`
    else if (arg.startsWith('-')) throw new Error(`curl option ${arg} is unknown to this test`)
    else url = arg
  }
  if (data.length) headers['content-type'] ??= 'application/x-www-form-urlencoded'
  const res = await fetch(url!, { method: method ?? (data.length ? 'POST' : 'GET'), headers, body: data.length ? data.join('&') : undefined })
  return res.text()
}
