import { imageSize } from 'image-size'
import type { AvatarType } from '../../contract/profile'

/** Wider or taller than this, a photo of at most 100 KB is a decompression bomb, not a face. */
export const AVATAR_MAX_SIDE = 4096

const TYPE_OF: Record<string, AvatarType> = { jpg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp' }

const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex')
const JPEG_END = Buffer.from('ffd9', 'hex')
/** The sizes of the BMP info headers (BITMAPCOREHEADER to BITMAPV5HEADER). */
const BMP_HEADERS = [12, 40, 52, 56, 108, 124]
const BMP_DEPTHS = [1, 4, 8, 16, 24, 32]

/**
 * Beyond the header that `image-size` reads: the file goes on to its end as its format says, so a
 * header followed by something else is not taken for an image.
 */
const whole: Record<AvatarType, (bytes: Buffer) => boolean> = {
  'image/png': (bytes) => bytes.subarray(-PNG_END.length).equals(PNG_END),
  'image/jpeg': (bytes) => bytes.lastIndexOf(JPEG_END) > 2,
  'image/bmp': (bytes) => {
    if (bytes.length < 30) return false
    const header = bytes.readUInt32LE(14)
    const pixels = bytes.readUInt32LE(10)
    const depth = header === 12 ? bytes.readUInt16LE(24) : bytes.readUInt16LE(28)
    return BMP_HEADERS.includes(header) && pixels >= 14 + header && pixels < bytes.length && BMP_DEPTHS.includes(depth)
  },
}

/**
 * The type of a JPEG, PNG or BMP image read from its bytes, whatever the sender said it was;
 * undefined for anything else (an SVG, an HTML page, a header alone, a truncated file).
 */
export function avatarImageType(input: Uint8Array): AvatarType | undefined {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(bytes)
  } catch {
    return undefined
  }
  const type = size.type === undefined ? undefined : TYPE_OF[size.type]
  if (!type || !(size.width > 0 && size.height > 0)) return undefined
  if (size.width > AVATAR_MAX_SIDE || size.height > AVATAR_MAX_SIDE) return undefined
  return whole[type](bytes) ? type : undefined
}
