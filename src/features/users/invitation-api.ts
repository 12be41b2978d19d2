import { call } from '../../api/client'
import type { AuthAnswer } from '../../contract/user'
import { USERS_PATHS, type AcceptBody, type InvitationInfo, type JoinBody } from '../../contract/users'

/** What the invitee is invited to, or the server's reason the link does not work. */
export const readInvitation = (token: string, signal?: AbortSignal) => call<InvitationInfo>('GET', USERS_PATHS.readInvitation(token), { signal })

/**
 * Accepts: a new invitee's name and password, or an existing account's own session (the Bearer
 * the client sends) or password. Answers as a sign-in does, with the token to keep.
 */
export const acceptInvitation = (body: AcceptBody | JoinBody) => call<AuthAnswer>('POST', USERS_PATHS.accept, { body })
