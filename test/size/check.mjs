// Builds both flavours and holds each to the byte budgets of budgets.json.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`

export function checkBudgets(root) {
  const budgets = JSON.parse(readFileSync(join(root, 'test/size/budgets.json'), 'utf8'))
  let ok = true
  for (const [flavour, limits] of Object.entries(budgets)) {
    const build = spawnSync(process.execPath, ['build.mjs', ...(flavour === 'preact' ? ['--preact'] : [])], {
      cwd: root,
      encoding: 'utf8',
    })
    process.stdout.write(build.stdout)
    if (build.status !== 0) {
      console.log(`  FAIL build of ${flavour}\n${build.stderr}`)
      ok = false
      continue
    }
    const report = JSON.parse(readFileSync(join(root, 'dist', flavour, 'size-report.json'), 'utf8'))
    for (const [part, limit] of Object.entries(limits)) {
      for (const [measure, max] of Object.entries(limit)) {
        const actual = report[part]?.[measure]
        const pass = typeof actual === 'number' && actual > 0 && actual <= max
        console.log(`  ${pass ? 'ok  ' : 'FAIL'} ${flavour} ${part} ${measure} ${kib(actual ?? 0)} of ${kib(max)}`)
        ok &&= pass
      }
    }
  }
  return ok
}
