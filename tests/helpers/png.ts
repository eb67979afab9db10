/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(1, 4).toString('ascii') !== 'PNG') throw new Error('não é um PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}
