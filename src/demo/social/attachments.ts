import { checkPostImages, type Refusal, type UploadFile } from '../uploads'

/** An image picked for a post that is being written: its name and its preview's address. */
export interface Attachment {
  name: string
  url: string
}

/**
 * Adds the picked `files` that the post image rules let in (src/demo/uploads.ts: at most 3 MB each,
 * two to a post), each with a preview from `preview`; says why the others were left out.
 */
export function attach<T extends UploadFile>(
  held: readonly Attachment[],
  files: readonly T[],
  preview: (file: T) => string,
): { held: Attachment[]; refusals: Refusal[] } {
  const { accepted, refusals } = checkPostImages(held.length, files)
  return { held: [...held, ...accepted.map((file) => ({ name: file.name, url: preview(file) }))], refusals }
}

/** Takes an image off the post being written and lets its preview go (`revoke`), so the file's memory is freed. */
export function detach(held: readonly Attachment[], url: string, revoke: (url: string) => void): Attachment[] {
  if (!held.some((attachment) => attachment.url === url)) return [...held]
  revoke(url)
  return held.filter((attachment) => attachment.url !== url)
}
