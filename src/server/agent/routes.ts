import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import { notFoundJson } from '../http/errors'

/** The agent's files the build writes beside the server (`src/build/agent.mjs`), with their types. */
const AGENT_FILES: Record<string, string> = {
  'agent.mjs': 'text/javascript; charset=utf-8',
  'agent.sh': 'text/x-shellscript; charset=utf-8',
  'agent.service': 'text/plain; charset=utf-8',
}

interface Read {
  mtimeMs: number
  etag: string
  body: Buffer
}

/**
 * `GET /agent.mjs`, `/agent.sh` and `/agent.service`: the program a device runs to join, its sh
 * variant and its systemd unit, to anyone (a device has no session), outside `/api`. Each is
 * checked again on every fetch (`no-cache`, an ETag), so a device that fetches it gets the newest
 * build; 404 where the build wrote none.
 */
export function agentRoutes(dir: string) {
  const read = new Map<string, Read>()

  async function send(c: Context, name: string) {
    const file = path.join(dir, name)
    const stat = await fs.stat(file).catch(() => undefined)
    if (!stat?.isFile()) return notFoundJson(c)
    let known = read.get(name)
    if (known?.mtimeMs !== stat.mtimeMs) {
      const body = await fs.readFile(file)
      known = { mtimeMs: stat.mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` }
      read.set(name, known)
    }
    const headers = { 'Cache-Control': 'no-cache', ETag: known.etag, 'Content-Type': AGENT_FILES[name]! }
    if (c.req.header('If-None-Match')?.split(/\s*,\s*/).includes(known.etag)) return c.body(null, 304, headers)
    return c.body(new Uint8Array(known.body), 200, { ...headers, 'Content-Length': String(known.body.length) })
  }

  const routes = new Hono()
  for (const name of Object.keys(AGENT_FILES)) routes.get(`/${name}`, (c) => send(c, name))
  return routes
}
