// The agent a device runs, as the build writes it beside the server: `agent.mjs` (one ES module
// for Node 18+ with nothing to install), the POSIX sh variant and the systemd unit, which the
// server serves at `/agent.mjs`, `/agent.sh` and `/agent.service`.
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'

/** The files the build writes into `outDir`, as the server serves them. */
export const AGENT_FILES = ['agent.mjs', 'agent.sh', 'agent.service']

/** Bundles `src/agent/main.ts` into `<outDir>/agent.mjs` and copies the sh agent and the unit beside it. */
export async function buildAgent(root, outDir) {
  mkdirSync(outDir, { recursive: true })
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/agent/main.ts'],
    outfile: join(outDir, 'agent.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    // Left readable: whoever installs it on a device can read what it does.
    minify: false,
    legalComments: 'none',
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'warning',
  })
  for (const name of ['agent.sh', 'agent.service']) copyFileSync(join(root, 'src/agent', name), join(outDir, name))
}
