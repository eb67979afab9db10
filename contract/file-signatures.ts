/**
 * What a registration file really is, by its first bytes (the "magic numbers" of each format), so
 * a save is judged by its content and not by the type it declares: HTML sent as image/png is no
 * PNG. Three fixed signatures need no library; browser and server share this module through
 * registration.ts, so the form refuses such a file before it is queued.
 */

import type { attachmentContentTypes } from './registration'

/** The signature each accepted type starts with (PDF 1.0–2.0, JPEG/JFIF/Exif, PNG). */
const signatures = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
} as const satisfies Record<(typeof attachmentContentTypes)[number], readonly number[]>

export type DetectedFileType = keyof typeof signatures

/** 12 base64 characters decode to 9 bytes: enough for the longest signature. */
const HEAD_CHARS = 12

function leadingBytes(base64: string): number[] {
  const head = base64.slice(0, HEAD_CHARS)
  if (head.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(head)) return []
  return Array.from(atob(head), (char) => char.charCodeAt(0))
}

/** The type whose signature the base64 content starts with, or undefined for anything else. */
export function detectFileType(base64: string): DetectedFileType | undefined {
  const bytes = leadingBytes(base64)
  return (Object.keys(signatures) as DetectedFileType[]).find((type) =>
    signatures[type].every((byte, index) => bytes[index] === byte),
  )
}
