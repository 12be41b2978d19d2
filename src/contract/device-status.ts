/**
 * A device's statuses, apart from the device's structs (`devices.ts`), so a screen that only reads
 * them loads no validation code.
 */
export const DEVICE_STATUSES = ['online', 'offline', 'provisioning', 'error', 'pending'] as const
export type DeviceStatus = (typeof DEVICE_STATUSES)[number]
