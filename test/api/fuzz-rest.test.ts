import { test } from 'uvu'
import { fuzzPart } from './_fuzz-run'

// Every kind of body and query to the routes fuzz.test.ts leaves (every other route).
await fuzzPart('bodies', { index: 1, of: 2 })

test.run()
