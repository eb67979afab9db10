/**
 * Draws the app icons (192, 512 and a maskable 512) as PNG files into dist/icons at build
 * time, from the same geometry as public/icons/icon.svg, so no binary image lives in git.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { deflateSync } from 'node:zlib'

type Rgba = [number, number, number, number]
const blue: Rgba = [11, 79, 168, 255]
const white: Rgba = [255, 255, 255, 255]
const accent: Rgba = [127, 178, 255, 255]

const distanceToSegment = (
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
) => {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy))
}

/** Colour of a point in the 64×64 design space of icon.svg. */
function colourAt(x: number, y: number, maskable: boolean): Rgba | null {
  if (!maskable) {
    // Rounded square, radius 16.
    const cx = Math.max(16, Math.min(48, x))
    const cy = Math.max(16, Math.min(48, y))
    if (Math.hypot(x - cx, y - cy) > 16) return null
  }
  // Maskable icons keep their drawing inside the central safe zone (80 %).
  const [sx, sy] = maskable ? [32 + (x - 32) / 0.8, 32 + (y - 32) / 0.8] : [x, y]
  const arc = sx >= 34 ? Math.abs(Math.hypot(sx - 34, sy - 30) - 10) : Number.POSITIVE_INFINITY
  const stroke = Math.min(
    distanceToSegment(sx, sy, 18, 44, 18, 20),
    distanceToSegment(sx, sy, 18, 20, 34, 20),
    distanceToSegment(sx, sy, 34, 40, 26, 40),
    arc,
  )
  if (stroke <= 3) return white
  if (Math.hypot(sx - 46, sy - 46) <= 5) return accent
  return blue
}

function render(size: number, maskable: boolean): Buffer {
  const samples = 3
  const rows: Buffer[] = []
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4) // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0]
      for (let i = 0; i < samples; i++)
        for (let j = 0; j < samples; j++) {
          const colour = colourAt(
            ((px + (i + 0.5) / samples) / size) * 64,
            ((py + (j + 0.5) / samples) / size) * 64,
            maskable,
          )
          if (colour) for (let k = 0; k < 4; k++) sum[k] = (sum[k] ?? 0) + (colour[k] ?? 0)
        }
      const n = samples * samples
      const alpha = (sum[3] ?? 0) / n
      for (let k = 0; k < 3; k++)
        row[1 + px * 4 + k] = alpha ? Math.round((sum[k] ?? 0) / n / (alpha / 255)) : 0
      row[1 + px * 4 + 3] = Math.round(alpha)
    }
    rows.push(row)
  }
  return png(size, Buffer.concat(rows))
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (data: Buffer) => {
  let c = 0xffffffff
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 8 + data.length)
  return out
}
function png(size: number, raw: Buffer) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const out = resolve(import.meta.dirname, '../dist/icons')
mkdirSync(out, { recursive: true })
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
] as const)
  writeFileSync(resolve(out, name), render(size, maskable))
console.log('ícones: 4 PNG gerados em dist/icons')
