// The rules kit: the structs' rules (superstruct, the shared field rules, the sign-in's structs,
// which the contract's record structs build on). The forms kit names it, and so does a list screen
// whose own code builds structs (build.mjs), so the sign-in page, a form and such a list share one
// file of it. See src/app/kits/core.ts.
import '../../contract/auth'
import '../../contract/json-schema'
import '../../contract/record-fields'
import '../../contract/validation'
