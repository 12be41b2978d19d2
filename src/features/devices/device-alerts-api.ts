import { call } from '../../api/client'
import type { Alert } from '../../contract/alerts'
import { ALERTS_PATH } from '../../contract/paths'

/** `GET /alerts?device_id=`: the device's alerts, firing or ended, newest first (read by the page's alerts section alone). */
export const deviceAlerts = (id: string, state: 'firing' | 'resolved', perPage: number, signal?: AbortSignal) =>
  call<Alert[]>('GET', ALERTS_PATH, { query: { device_id: id, state, per_page: perPage }, signal })
