import type { CollectionDocs } from '../collections/engine'
import { int, list, obj, orNull, ref, str, time } from './shapes'

/** How the API's description tells the organization's members. */
export const USER_DOCS: CollectionDocs = {
  noun: 'user',
  tag: 'Users',
  description:
    'Members of the organization. `POST` `{email, roles}` invites an address: a link valid 7 days, accepted at `POST /invitations/accept`. `PUT` `{roles, status, version}` changes roles or disables; `DELETE` removes the user from the organization.',
  record: obj({
    id: str,
    created_at: time,
    updated_at: time,
    version: int,
    email: str,
    name: str,
    avatar: str,
    status: ref('MemberStatus'),
    roles: list(obj({ id: str, name: str })),
    last_sign_in: orNull(time),
    invitation_expires_at: orNull(time),
  }),
  deletes: 'Removes the user from the organization; their account stays.',
  example: { email: 'new.member@example.com', roles: ['<role id>'] },
}
