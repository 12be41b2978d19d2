import { writeFileSync } from 'node:fs'
import '../app'
import { buildDocument } from './document'

// `node build.mjs` runs this after bundling the server: the API's description, generated from the
// route groups' declarations and the contract's structs, is written beside the server bundle
// (`dist/server/openapi.json`), which serves it as it is.
writeFileSync(process.argv[2] ?? 'openapi.json', `${JSON.stringify(buildDocument())}\n`)
