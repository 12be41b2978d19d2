import { test } from 'uvu'
import { fuzzPart } from './_fuzz-run'

// Every route, every kind of body and query; the callers' part is fuzz-callers.test.ts.
await fuzzPart('bodies')

test.run()
