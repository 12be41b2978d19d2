// The architecture layer of `npm test`: the project's imports against its floors, and a planted
// back-import that the rules must catch. `known.json` lists the breaches still to be undone; a
// breach not on it fails, and so does an entry no longer true (remove it: the list only shrinks).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { breaches, plantedBreaches } from './check.mjs'

export async function checkArchitecture(root) {
  const known = new Set(JSON.parse(readFileSync(join(root, 'test/architecture/known.json'), 'utf8')).breaches)
  // A knot is known by its folders, a file's queries by the file: what is in brackets is printed, not compared.
  const name = (line) => line.replace(/ \(.*\)$/, '')
  const found = await breaches(root)
  const fresh = found.filter((line) => !known.has(name(line)))
  const undone = [...known].filter((line) => !found.some((breach) => name(breach) === line))
  for (const line of fresh) console.log(`  FAIL ${line}`)
  for (const line of undone) console.log(`  FAIL no longer true, remove it from test/architecture/known.json: ${line}`)
  console.log(`  ${found.length} known breaches left to undo`)

  const dir = mkdtempSync(join(tmpdir(), 'console-planted-'))
  let planted
  try {
    planted = await plantedBreaches(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const expected = [
    'storage-imports-no-floor-above: src/server/db/devices.ts -> src/server/http/errors.ts',
    'domain-imports-no-edge: src/server/alerts/service.ts -> src/server/http/errors.ts',
    'query-outside-db: src/server/alerts/service.ts (1)',
    'features-apart: src/features/devices/screen.ts -> src/features/tunnels/screen.ts',
  ]
  const missed = expected.filter((line) => !planted.includes(line))
  for (const line of missed) console.log(`  FAIL the planted breach was not caught: ${line}`)
  if (!missed.length) console.log(`  ok  planted back-imports caught (${expected.length})`)
  return !fresh.length && !undone.length && !missed.length
}
