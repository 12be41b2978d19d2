/** What the commands that connect a device carry besides the console's address and the key. */
export interface AgentCommandOptions {
  origin: string
  secret: string
  /** The record's serial: the device enrolling with it re-attaches to that record. */
  serial?: string
  /** The name the device takes. */
  name?: string
}

/** A word for a POSIX shell: as it is when it needs no quoting, else in single quotes. */
export const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)

function extra({ serial, name }: AgentCommandOptions): string {
  return [...(serial ? ['--serial', shellWord(serial)] : []), ...(name ? ['--name', shellWord(name)] : [])].map((word) => ` ${word}`).join('')
}

/**
 * The two commands a device runs to join: with Node (the agent as one file, kept to run as a
 * service later) and with plain `sh` and curl, the key filled in.
 */
export function agentCommandLines(options: AgentCommandOptions): { node: string; sh: string } {
  const origin = options.origin.replace(/\/+$/, '')
  const url = shellWord(origin)
  const key = shellWord(options.secret)
  return {
    node: `curl -fsSL ${url}/agent.mjs -o agent.mjs && node agent.mjs enroll --url ${url} --key ${key}${extra(options)}`,
    sh: `curl -fsSL ${url}/agent.sh | sh -s -- --url ${url} --key ${key}${extra(options)}`,
  }
}
