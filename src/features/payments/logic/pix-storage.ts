import * as v from 'valibot'
import { type PixGenerateResponse, pixGenerateResponse } from '../../../../contract/payments'
import { lookup } from '../../../lib/lookup'

/** Spec §3 local storage: the generation response, and when and what QR was generated. */
export const pixKeys = { response: 'pixResponse', data: 'pixData' } as const

/** Spec §9: a Pix lives expiration_pix minutes, 30 when the link does not say. */
export const defaultPixMinutes = 30

const storedData = v.object({
  createdAt: v.number(),
  qrCode: v.string(),
  /** Beyond the spec: the link it belongs to, so another link never shows this QR. */
  code: v.optional(v.string(), ''),
})

export type StoredPix = {
  response: PixGenerateResponse
  qrCode: string
  createdAt: number
}

export const pixMinutes = (expirationPix: number | null | undefined) =>
  expirationPix && expirationPix > 0 ? expirationPix : defaultPixMinutes

/** Whole seconds left of a Pix generated at createdAt (never negative). */
export function pixSecondsLeft(createdAt: number, minutes: number, now: number): number {
  return Math.max(0, Math.ceil((createdAt + minutes * 60_000 - now) / 1000))
}

/** 125 → '02:05' (spec §9 mm:ss). */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const mm = String(Math.floor(whole / 60)).padStart(2, '0')
  const ss = String(whole % 60).padStart(2, '0')
  return `${mm}:${ss}`
}

/** The stored JSON; null when absent, undefined when present but unreadable. */
function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key)
    return text ? JSON.parse(text) : null
  } catch {
    return undefined
  }
}

export function clearStoredPix() {
  try {
    localStorage.removeItem(pixKeys.response)
    localStorage.removeItem(pixKeys.data)
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Keeps a generated Pix so a reload inside its window shows the same QR (spec §4). */
export function storePix(
  code: string,
  response: PixGenerateResponse,
  now: number,
  minutes: number,
): StoredPix {
  const qrCode = lookup(response.data, 'qr_code')
  // A Pix handed back from earlier (the same link asked again) counts down from when it was
  // made, so the screen never promises more time than the bank gives.
  const expiresAt = Date.parse(lookup(response.data, 'expiration'))
  const createdAt = Number.isNaN(expiresAt) ? now : Math.min(now, expiresAt - minutes * 60_000)
  try {
    localStorage.setItem(pixKeys.response, JSON.stringify(response))
    localStorage.setItem(pixKeys.data, JSON.stringify({ createdAt, qrCode, code }))
  } catch {
    // Without storage the Pix still works until the page closes.
  }
  return { response, qrCode, createdAt }
}

/**
 * The stored Pix of this link while fewer minutes than its expiry have passed; anything else
 * (expired, another link's, unreadable) is discarded.
 */
export function restorePix(code: string, minutes: number, now: number): StoredPix | null {
  const rawData = readJson(pixKeys.data)
  const rawResponse = readJson(pixKeys.response)
  if (rawData === null && rawResponse === null) return null
  const data = v.safeParse(storedData, rawData)
  const response = v.safeParse(pixGenerateResponse, rawResponse)
  if (
    !data.success ||
    !response.success ||
    data.output.code !== code ||
    !data.output.qrCode ||
    pixSecondsLeft(data.output.createdAt, minutes, now) === 0
  ) {
    clearStoredPix()
    return null
  }
  return { response: response.output, qrCode: data.output.qrCode, createdAt: data.output.createdAt }
}
