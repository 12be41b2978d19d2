import type { Limits, PlanName, Usage } from './billing'

/**
 * `GET /summary`: the figures of the home screen's tiles in one call. Each part is there only
 * when the caller holds its right; `generated_at` always is.
 */
export const SUMMARY_PATH = '/summary'

/** Keys that expire within this many days count as expiring (the access keys list marks the same). */
export const SUMMARY_EXPIRY_DAYS = 7
/** Devices added within this many days count as added lately (the provisioning tile). */
export const SUMMARY_ADDED_DAYS = 7

export interface Summary {
  /** When the server counted, ISO; the tiles show its age. */
  generated_at: string
  /**
   * Right `devices`: the organization's enabled devices by status, and the disabled ones apart;
   * `added_7d` counts those added within `SUMMARY_ADDED_DAYS` days, whatever their state.
   */
  devices?: { online: number; offline: number; error: number; provisioning: number; pending: number; disabled: number; total: number; added_7d: number }
  /** Right `tunnels`: enabled tunnels whose device is online, of all tunnels. */
  tunnels?: { up: number; total: number }
  /** Right `access_keys`: keys not revoked that expire within `SUMMARY_EXPIRY_DAYS` days from now. */
  access_keys?: { expiring: number }
  /** Right `app_ids`: how many there are (an app id has no expiry: its tokens last minutes). */
  app_ids?: { total: number }
  /** Right `alerts` or `devices`: alerts firing now (fired and not resolved). */
  alerts?: { firing: number }
  /** Right `billing`: the organization's plan, its limits and the usage against them (as `GET /billing/` counts it). */
  billing?: { plan: PlanName; limits: Limits; usage: Usage }
}
