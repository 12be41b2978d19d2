/**
 * The demo pages' upload rules. Files stay in the browser: nothing is sent.
 * Each check answers the files it keeps and, for the ones it refuses, a text key and its values.
 */

/** A file as the rules see it: a browser `File` or anything with its name, type and size. */
export interface UploadFile {
  name: string
  type: string
  size: number
}

export interface Refusal {
  /** A key under `demo.upload` in `locales/demo`. */
  key: 'avatarType' | 'avatarSize' | 'imageSize' | 'imageCount' | 'tooMany' | 'tooBig'
  values?: Record<string, number>
}

export interface Checked<T extends UploadFile> {
  accepted: T[]
  refusals: Refusal[]
}

/** An avatar: JPEG, PNG or BMP, at most 100 KB. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const
export const AVATAR_MAX_BYTES = 100_000
/** A post's image: at most 3,000,000 bytes, two to a post. */
export const POST_IMAGE_MAX_BYTES = 3_000_000
export const POST_IMAGE_MAX_COUNT = 2
/** The drop zone: three files unless told otherwise, each at most 3 MB. */
export const DROP_ZONE_LIMIT = 3
export const DROP_ZONE_MAX_BYTES = 3_000_000
/** Only these show a preview; other files show their name. */
export const PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'bmp', 'png'] as const

/** Whether a file gets a preview: by its name's extension, whatever its case. */
export function hasPreview(file: Pick<UploadFile, 'name'>): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  return file.name.includes('.') && (PREVIEW_EXTENSIONS as readonly string[]).includes(extension)
}

/** The avatar rule: null when `file` may be one, else why not. */
export function checkAvatar(file: UploadFile): Refusal | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { key: 'avatarType' }
  if (file.size > AVATAR_MAX_BYTES) return { key: 'avatarSize', values: { max: AVATAR_MAX_BYTES / 1000 } }
  return null
}

/** A post's images: `held` already attached, `added` now; the too large and those past two are refused. */
export function checkPostImages<T extends UploadFile>(held: number, added: readonly T[]): Checked<T> {
  const refusals: Refusal[] = []
  const fitting = added.filter((file) => file.size <= POST_IMAGE_MAX_BYTES)
  if (fitting.length < added.length) refusals.push({ key: 'imageSize', values: { mb: POST_IMAGE_MAX_BYTES / 1_000_000 } })
  const room = Math.max(0, POST_IMAGE_MAX_COUNT - held)
  if (fitting.length > room) refusals.push({ key: 'imageCount', values: { n: POST_IMAGE_MAX_COUNT } })
  return { accepted: fitting.slice(0, room), refusals }
}

/**
 * The drop zone: `held` files already in it, `added` dropped now, `limit` at most. A drop that would
 * pass the limit is refused whole ('Cannot upload more than {n} items.'); a file over 3 MB is
 * refused on its own ('File too big, max size is 3MB') and the rest are kept.
 */
export function checkDrop<T extends UploadFile>(held: number, added: readonly T[], limit = DROP_ZONE_LIMIT): Checked<T> {
  if (held + added.length > limit) return { accepted: [], refusals: [{ key: 'tooMany', values: { n: limit } }] }
  const accepted = added.filter((file) => file.size <= DROP_ZONE_MAX_BYTES)
  return { accepted, refusals: accepted.length < added.length ? [{ key: 'tooBig' }] : [] }
}
