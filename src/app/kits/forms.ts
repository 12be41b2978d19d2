// The forms kit: the parts every form of the console shares, from the sign-in page to a record's
// dialog, with the rules kit. Public pages and the signed-in console's forms both name it (through
// the public and records kits), so it travels as one shared file. See src/app/kits/core.ts.
import './rules'
import '../../ui/brand'
import '../../ui/fields'
import '../../ui/use-form'
