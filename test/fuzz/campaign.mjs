// `npm run fuzz [-- --minutes 30] [-- --seed 1234]`: the API fuzz (test/api/fuzz.test.ts, fuzz-rest.test.ts and
// fuzz-callers.test.ts, side by side) round
// after round, each on a fresh server with the next seed, until the time is up. Not part of
// `npm test`, which runs the same fuzz with a fixed list of seeds.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as esbuild from 'esbuild'

const root = new URL('../..', import.meta.url).pathname
const { values } = parseArgs({ options: { minutes: { type: 'string' }, seed: { type: 'string' }, runs: { type: 'string' } } })
const minutes = Number(values.minutes ?? process.env.FUZZ_MINUTES ?? 10)
const base = Number(values.seed ?? Math.floor(Math.random() * 2 ** 30))
const runs = Number(values.runs ?? 2)
if (![minutes, base, runs].every(Number.isFinite)) throw new Error('--minutes, --seed and --runs take numbers')

console.log(`fuzz campaign: seed ${base}, ${minutes} min, ${runs} runs a pass (the same campaign again: npm run fuzz -- --seed ${base})`)

const outdir = join(root, 'node_modules/.cache/fuzz', String(process.pid))
mkdirSync(outdir, { recursive: true })
const parts = ['fuzz.test', 'fuzz-rest.test', 'fuzz-callers.test']
await esbuild.build({
  entryPoints: parts.map((part) => join(root, `test/api/${part}.ts`)),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
})

/** One part of a round with `seed`; resolves with its exit code and output. */
const runPart = (out, seed) =>
  new Promise((resolve) => {
    const env = { ...process.env, NODE_ENV: 'test', FUZZ_SEED: String(seed), FUZZ_RUNS: String(runs) }
    const child = spawn(process.execPath, ['--enable-source-maps', out], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })

/** One round: both parts of the fuzz with `seed`, side by side; fails when either does. */
async function round(seed) {
  const results = await Promise.all(parts.map((part) => runPart(join(outdir, `${part}.mjs`), seed)))
  return { code: results.find((result) => result.code !== 0)?.code ?? 0, output: results.map((result) => result.output).join('\n') }
}

const started = Date.now()
const deadline = started + minutes * 60_000
let failed = false
for (let index = 0; Date.now() < deadline || index === 0; index++) {
  const seed = (base + index) % 2 ** 31
  const { code, output } = await round(seed)
  const summary = [...output.matchAll(/fuzz (\(\w+\): .+requests.+)/g)].map((match) => match[1]).join('; ')
  const elapsed = ((Date.now() - started) / 60_000).toFixed(1)
  console.log(`round ${index + 1} (FUZZ_SEED=${seed}, ${elapsed} min): ${code === 0 ? 'passed' : 'FAILED'} ${summary}`)
  if (code === 0) continue
  const commands = [...output.matchAll(/fuzz failure, reproduce with: (.+)/g)].map((match) => match[1])
  console.log(output)
  const others = commands.length > 1 ? ` (${commands.length - 1} more failures above)` : ''
  console.log(`Reproduce with${others}:\n  ${commands[0] ?? `FUZZ_SEED=${seed} FUZZ_RUNS=${runs} ONLY=api/fuzz node test/run.mjs api`}`)
  failed = true
  break
}
rmSync(outdir, { recursive: true, force: true })
console.log(failed ? 'fuzz campaign: FAILED' : `fuzz campaign: no failure in ${((Date.now() - started) / 60_000).toFixed(1)} min`)
process.exit(failed ? 1 : 0)
