/**
 * Each endpoint's parameters as a strict valibot schema over the decoded form: a parameter the
 * fake does not know is refused the way Stripe refuses one it does not know ("Received unknown
 * parameter"), so a call the fake would silently misread fails loudly instead. Leaves arrive as
 * strings (form encoding) and are typed here, with Stripe's messages for what does not parse.
 */
import * as v from 'valibot'
import { invalidParam } from './errors'
import { type FormParams, paramName } from './form'

export const text = v.string()

export const integer = v.pipe(
  v.string(),
  v.regex(/^-?\d+$/, (issue) => `Invalid integer: ${issue.input}`),
  v.transform(Number),
)

export const boolean = v.pipe(
  v.string(),
  v.regex(/^(true|false)$/, (issue) => `Invalid boolean: ${issue.input}`),
  v.transform((value) => value === 'true'),
)

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  v.picklist(values)

export const metadata = v.record(v.string(), v.string())

/** Stripe takes `expand[]` on every call. */
export const params = <T extends v.ObjectEntries>(entries: T) =>
  v.strictObject({ ...entries, expand: v.optional(v.array(v.string())) })

export const billingDetailsParams = v.strictObject({
  name: v.optional(text),
  email: v.optional(text),
  phone: v.optional(text),
  address: v.optional(
    v.strictObject({
      line1: v.optional(text),
      line2: v.optional(text),
      city: v.optional(text),
      state: v.optional(text),
      postal_code: v.optional(text),
      country: v.optional(text),
    }),
  ),
})

export type BillingDetailsParams = v.InferOutput<typeof billingDetailsParams>

/** The parameters, typed; a StripeApiError (400, not kept for replays) naming the first problem. */
export function readParams<S extends v.GenericSchema>(
  schema: S,
  input: FormParams,
): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true })
  if (result.success) return result.output
  const [issue] = result.issues
  const name = paramName(issue.path?.map((item) => String(item.key)) ?? [])
  if (issue.received === 'undefined') throw invalidParam(name, `Missing required param: ${name}.`)
  if (issue.expected === 'never')
    throw invalidParam(
      name,
      `Received unknown parameter: ${name} (this fake Stripe knows only the parameters the portal sends)`,
    )
  if (issue.expected === 'Object') throw invalidParam(name, 'Invalid hash')
  if (issue.expected === 'Array') throw invalidParam(name, 'Invalid array')
  if (issue.type === 'picklist')
    throw invalidParam(
      name,
      `Invalid ${name}: must be one of ${String(issue.expected).replaceAll('"', '')}`,
    )
  if (issue.kind === 'validation') throw invalidParam(name, issue.message)
  throw invalidParam(name, `Invalid ${name}`)
}
