// The rules kit: what both a form and a list reach, the structs' rules (superstruct, the shared
// field rules, the sign-in's structs, which the contract's record structs build on) and the fields'
// styles (the list's page-size select shares them). The forms and lists kits name it, so the
// sign-in page, a form and a list screen whose contract builds structs share one file of it. See
// src/app/kits/core.ts.
import '../../contract/auth'
import '../../contract/json-schema'
import '../../contract/record-fields'
import '../../contract/validation'
import '../../ui/fields.module.css'
