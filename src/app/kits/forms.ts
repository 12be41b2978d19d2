// The forms kit: the parts every form of the console shares, from the sign-in page to a record's
// dialog. Public pages and the signed-in console's lists both name it (through the public and
// lists kits), so it travels as one shared file. See src/app/kits/core.ts.
import '../../contract/auth'
import '../../contract/record-fields'
import '../../contract/validation'
import '../../ui/brand'
import '../../ui/fields'
import '../../ui/use-form'
