/**
 * Files sent as base64 in JSON (photos, attachments): reading the text, judging its size from the
 * length alone, and telling size issues (413) apart from other issues (400).
 */
import * as v from 'valibot'

const dataUrlPrefix = /^data:[\w.+-]+\/[\w.+-]+;base64,/i
const base64Text = /^[A-Za-z0-9+/]*={0,2}$/

/** Base64 without blanks around it and without an optional `data:<type>;base64,` prefix. */
export const stripDataUrl = (value: string) => value.trim().replace(dataUrlPrefix, '')
export const isBase64 = (value: string) => value.length % 4 === 0 && base64Text.test(value)
/** Bytes the base64 text decodes to, from its length alone (so also for invalid text). */
export const decodedSize = (value: string) =>
  Math.floor((value.length * 3) / 4) - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0)

/**
 * Size checks answer 413 rather than 400: the server tells their issues apart by the requirement
 * function, which only these checks use.
 */
const sizeRequirements = new WeakSet<object>()
export function sizeCheck<T>(
  requirement: (input: T) => boolean,
  message: v.ErrorMessage<v.CheckIssue<T>>,
) {
  sizeRequirements.add(requirement)
  return v.check(requirement, message)
}
export const isTooLargeIssue = (issue: v.BaseIssue<unknown>) =>
  typeof issue.requirement === 'function' && sizeRequirements.has(issue.requirement)
