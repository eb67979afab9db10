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
/** A PDF, sent as its base64 text. */
export const pdfInBase64 = {
  file: 'text/plain',
  text: v.pipe(v.string(), v.nonEmpty(), v.base64()),
} as const satisfies FileAnswer
export const idParam = { id: idField }
