import { test } from 'uvu'
import { fuzzPart } from './_fuzz-run'

// Every route, every kind of body and query: half the routes here, the others in fuzz-rest.test.ts;
// the callers' part is fuzz-callers.test.ts.
await fuzzPart('bodies', { index: 0, of: 2 })

test.run()
