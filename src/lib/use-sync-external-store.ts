// React 18+ and preact/compat have useSyncExternalStore built in; the build points the
// `use-sync-external-store` shim of wouter at this module so the shim's code is not shipped.
export { useSyncExternalStore } from 'react'
