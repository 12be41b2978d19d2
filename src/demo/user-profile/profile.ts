import { scene } from '../social/pictures'
import type { PostImage } from '../social/posts'
import { checkAvatar, type Refusal, type UploadFile } from '../uploads'

/** The profile's tabs, in order. */
export const PROFILE_TABS = ['about', 'connections', 'photos', 'timeline'] as const
export type ProfileTab = (typeof PROFILE_TABS)[number]

/**
 * The tab a key moves to from `current` (the tabs pattern of WAI-ARIA: arrows wrap, Home and End
 * go to the ends; right to left, the arrows follow the screen), or null for any other key.
 */
export function tabAfterKey(current: ProfileTab, key: string, rtl = false): ProfileTab | null {
  const at = PROFILE_TABS.indexOf(current)
  const step = ({ ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 } as Record<string, number>)[key]
  if (step) return PROFILE_TABS[(at + step + PROFILE_TABS.length) % PROFILE_TABS.length] ?? null
  if (key === 'Home') return PROFILE_TABS[0]
  if (key === 'End') return PROFILE_TABS[PROFILE_TABS.length - 1] ?? null
  return null
}

/**
 * A new avatar from `file` when the avatar rule (src/demo/uploads.ts: JPEG, PNG or BMP, at most
 * 100 KB) lets it in: its preview from `preview`, and the old preview let go. Refused, the
 * avatar stays as it was and the refusal says why.
 */
export function changeAvatar<T extends UploadFile>(
  current: string,
  file: T,
  preview: (file: T) => string,
  revoke: (url: string) => void,
): { avatar: string; refusal: Refusal | null } {
  const refusal = checkAvatar(file)
  if (refusal) return { avatar: current, refusal }
  if (current) revoke(current)
  return { avatar: preview(file), refusal: null }
}

export interface Connection {
  name: string
  title: string
  location: string
}

/** The made-up people the profile is connected to. */
export const CONNECTIONS: readonly Connection[] = [
  { name: 'Amara Nwosu', title: 'Network engineer', location: 'Lagos' },
  { name: 'Jonas Weber', title: 'Field technician', location: 'Berlin' },
  { name: 'Lina Hartono', title: 'Support lead', location: 'Jakarta' },
  { name: 'Diego Ramírez', title: 'Fleet manager', location: 'Madrid' },
  { name: 'Mei Chen', title: 'Firmware developer', location: 'Shenzhen' },
  { name: 'Sofia Lindqvist', title: 'Security auditor', location: 'Stockholm' },
]

/** How many follow the profile; the demo has no followers to list. */
export const FOLLOWERS = 248

/** The profile's photos: made-up landscapes of the sites, drawn in code. */
export const PHOTOS: readonly PostImage[] = [
  { src: scene({ hue: 210, sun: 0.3, mast: true }), alt: 'A mast on the Berlin ridge at noon' },
  { src: scene({ hue: 15, sun: 0.75 }), alt: 'Sunset over the Madrid depot' },
  { src: scene({ hue: 180, sun: 0.5, mast: true }), alt: 'A relay in a green valley' },
  { src: scene({ hue: 260, sun: 0.15 }), alt: 'Dusk over the Stockholm hills' },
  { src: scene({ hue: 40, sun: 0.9, mast: true }), alt: 'A mast at dawn near Lagos' },
  { src: scene({ hue: 190, sun: 0.6 }), alt: 'A clear morning above Jakarta' },
]
