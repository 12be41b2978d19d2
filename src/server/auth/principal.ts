import type { Right } from '../../contract/rights'

export interface Session {
  userId: string
  token: string
}

/**
 * Who is calling: a signed-in user, an access key speaking for its maker within its scopes, or an
 * app id's token (client credentials grant) within the app id's scopes, or a device's own
 * credential, which acts for its device alone and holds no right. An app or a device has no user:
 * its `userId` is empty.
 */
export interface Principal {
  kind: 'user' | 'key' | 'app' | 'device'
  userId: string
  keyId?: string
  appId?: string
  /** A device credential's device, and the credential itself. */
  deviceId?: string
  credentialId?: string
  /** Every query of this request is scoped to it. */
  organizationId: string
  rights: Right[]
  token: string
  /** A key's own end, if it has one; an app token's end. */
  expiresAt?: string | null
  /** A key that may send device heartbeats. */
  heartbeat?: boolean
  /** A key made for heartbeats alone: only the heartbeat route lets it through. */
  heartbeatOnly?: boolean
  /** How many keys deep a key was made: 1 when a person made it. */
  keyDepth?: number
}
