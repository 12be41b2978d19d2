// Small real images, made byte by byte, for the avatar tests (API and browser).
import zlib from 'node:zlib'

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A PNG of `width` x `height` in one colour. `size` pads it with a private ancillary chunk to
 * exactly that many bytes, still a valid image.
 */
export function pngImage({ width = 8, height = 8, rgb = [200, 40, 40], size }: { width?: number; height?: number; rgb?: number[]; size?: number } = {}): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())])
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
  const parts = [Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels)]
  const end = chunk('IEND', Buffer.alloc(0))
  if (size !== undefined) {
    const used = parts.reduce((sum, part) => sum + part.length, 0) + end.length + 12
    if (size < used) throw new Error(`A PNG of ${size} bytes cannot hold this image`)
    parts.push(chunk('zzPd', Buffer.alloc(size - used, 0x61)))
  }
  return Buffer.concat([...parts, end])
}

/** A 24-bit BMP of `width` x `height` in one colour. */
export function bmpImage({ width = 4, height = 4, bgr = [40, 160, 40] }: { width?: number; height?: number; bgr?: number[] } = {}): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4
  const pixels = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels.set(bgr, y * stride + x * 3)
  const header = Buffer.alloc(54)
  header.write('BM', 0, 'latin1')
  header.writeUInt32LE(54 + pixels.length, 2)
  header.writeUInt32LE(54, 10)
  header.writeUInt32LE(40, 14)
  header.writeInt32LE(width, 18)
  header.writeInt32LE(height, 22)
  header.writeUInt16LE(1, 26)
  header.writeUInt16LE(24, 28)
  header.writeUInt32LE(pixels.length, 34)
  return Buffer.concat([header, pixels])
}

/** An 8 x 8 baseline JPEG, as Chromium's canvas encodes it. */
export const JPEG_IMAGE = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAYEAEAAwEAAAAAAAAAAAAAAAAAAwQhMf/EABUBAQEAAAAAAAAAAAAAAAAAAAUG/8QAGREAAQUAAAAAAAAAAAAAAAAABAABAxMh/9oADAMBAAIRAxEAPwCCsTd0BagBQ0tiQNMltfV//9k=',
  'base64',
)
