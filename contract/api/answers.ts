/**
 * What many operations answer or read alike, named once for the declarations in this folder.
 * Every error is `{ message }`, a sentence in Portuguese for the person.
 */
import * as v from 'valibot'
import { idField, messageResponse } from '../http'
import type { FileAnswer } from '../operation'

export const error = messageResponse
/** What every holder operation may also answer: no session, or one that ended. */
export const holderErrors = { 401: error } as const
/** A body that breaks the contract's schema, is too large, or is no JSON. */
export const badBody = { 400: error, 413: error, 415: error } as const
/**
 * What paying a link may also answer: unknown link (404), already paid or another payment under
 * way (409), expired (410), a rule broken (422), the bank or gateway failed (502) or is not
 * configured (503).
 */
export const payingErrors = {
  ...badBody,
  404: error,
  409: error,
  410: error,
  422: error,
  502: error,
  503: error,
} as const
/** A PDF, sent as its base64 text. */
export const pdfInBase64 = {
  file: 'text/plain',
  text: v.pipe(v.string(), v.nonEmpty(), v.base64()),
} as const satisfies FileAnswer
export const idParam = { id: idField }
