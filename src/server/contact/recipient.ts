import { firstAdministratorEmail } from '../db/contact'
import type { AnyDb } from '../db/open'

/**
 * Where the contact form's messages go: `CONTACT_EMAIL` when set, otherwise the first active
 * administrator of the console's first organization (the account `ADMIN_EMAIL` made on the first
 * start, at whatever address it has now). Undefined when neither exists.
 */
export async function contactRecipient(db: AnyDb, configured: string | undefined): Promise<string | undefined> {
  if (configured) return configured
  return firstAdministratorEmail(db)
}
