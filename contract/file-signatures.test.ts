import { describe, expect, it } from 'vitest'
import { detectFileType } from './file-signatures'

const base64 = (bytes: number[] | string) =>
  Buffer.from(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes).toString('base64')

describe('detectFileType', () => {
  it.each([
    ['a PDF', base64('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'application/pdf'],
    [
      'a JPEG (JFIF)',
      base64([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      'image/jpeg',
    ],
    [
      'a JPEG (Exif)',
      base64([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, 0x45, 0x78, 0x69, 0x66]),
      'image/jpeg',
    ],
    ['a PNG', base64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    ['a web page', base64('<!doctype html><script>alert(1)</script>'), undefined],
    ['a GIF', base64('GIF89a\x01\x00\x01\x00'), undefined],
    ['text that merely names a PDF', base64(' %PDF-1.4'), undefined],
    ['a PNG cut after 4 bytes', base64([0x89, 0x50, 0x4e, 0x47]), undefined],
    ['a lone JPEG start', base64([0xff, 0xd8]), undefined],
    ['nothing', '', undefined],
    ['text that is no base64', 'não é base64!', undefined],
  ])('%s → %s', (_what, content, type) => {
    expect(detectFileType(content)).toBe(type)
  })
})
