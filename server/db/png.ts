/**
 * Encodes an RGB image as a PNG, so the demo's photos are real images built in code instead of
 * binary fixtures. Only what a valid file needs: signature, IHDR, one IDAT, IEND.
 */
import { crc32, deflateSync } from 'node:zlib'

export type Rgb = readonly [number, number, number]

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** `pixel(x, y)` gives each pixel's colour, row by row from the top left. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, truecolour, no interlace
  const stride = 1 + width * 3
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    // Filter 0 (none) on every row: flat shapes compress well enough without prediction.
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * stride + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
