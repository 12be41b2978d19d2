import type { AppIdRecord } from '../../../../src/contract/app-ids'

let next = 0

/** An app id as `GET /app_ids/` lists it: one redirect URI, the devices scope, never rotated. */
export function createAppId(overrides: Partial<AppIdRecord> = {}): AppIdRecord {
  next += 1
  const at = new Date(Date.now() - 86_400_000).toISOString()
  return {
    id: `a-${next}`,
    name: `App ${next}`,
    client_id: `app_${String(next).padStart(16, '0')}`,
    redirect_uris: ['https://app.example.com/callback'],
    scopes: ['devices'],
    rotated_at: null,
    created_at: at,
    updated_at: at,
    version: 1,
    ...overrides,
  }
}
