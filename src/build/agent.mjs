// The agent a device runs, as the build writes it beside the server: `agent.mjs` (one ES module
// for Node 18+ with nothing to install: `ws` is bundled in), the POSIX sh variant and the systemd
// unit, which the server serves at `/agent.mjs`, `/agent.sh` and `/agent.service`.
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'

/** The files the build writes into `outDir`, as the server serves them. */
export const AGENT_FILES = ['agent.mjs', 'agent.sh', 'agent.service']

/** `ws` as one minified CommonJS module: a well-known library, so the agent's own code stays the readable part. */
const wsMinified = (root) => ({
  name: 'ws-minified',
  setup(build) {
    build.onResolve({ filter: /^ws$/ }, () => ({ path: 'ws', namespace: 'ws-minified' }))
    build.onLoad({ filter: /.*/, namespace: 'ws-minified' }, async () => {
      // Its CommonJS entry, whose exports are the WebSocket class itself.
      const library = await esbuild.build({ ...WS_OPTIONS, absWorkingDir: root, stdin: { contents: "module.exports = require('ws')", resolveDir: root } })
      return { contents: library.outputFiles[0].text, loader: 'js', resolveDir: root }
    })
  },
})

// ws's optional native helpers are used when the device has them installed, and skipped when not:
// its `require` of them (in a try) goes through Node's own, which the module makes for itself.
const OPTIONAL = ['bufferutil', 'utf-8-validate']
const WS_OPTIONS = { bundle: true, platform: 'node', format: 'cjs', target: 'node18', minify: true, legalComments: 'none', write: false, external: OPTIONAL, logLevel: 'warning' }

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
    external: OPTIONAL,
    plugins: [wsMinified(root)],
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __agentRequire } from 'node:module';\nconst require = __agentRequire(import.meta.url);" },
    logLevel: 'warning',
  })
  for (const name of ['agent.sh', 'agent.service']) copyFileSync(join(root, 'src/agent', name), join(outDir, name))
}
