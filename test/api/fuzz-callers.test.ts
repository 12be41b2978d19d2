import { test } from 'uvu'
import { fuzzPart } from './_fuzz-run'

// Every route as every kind of caller (session, access key, heartbeat key, app token, none).
await fuzzPart('callers')

test.run()
