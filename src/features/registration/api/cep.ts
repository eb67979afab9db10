import * as v from 'valibot'

/** Postal-code service (spec §7 external calls); demo: the server's /sandbox/cep. */
export const cepBase: string = import.meta.env.VITE_CEP_URL ?? '/sandbox/cep'

const found = v.object({
  logradouro: v.optional(v.string(), ''),
  bairro: v.optional(v.string(), ''),
  localidade: v.optional(v.string(), ''),
  uf: v.optional(v.string(), ''),
})
const notFound = v.object({ erro: v.union([v.literal(true), v.literal('true')]) })

export type CepAddress = { street: string; neighborhood: string; city: string; state: string }
export class CepNetworkError extends Error {}

/** A lookup with no answer by then is a failed one: the person types the address instead. */
const cepTimeoutMs = 8_000

/**
 * Looks an 8-digit CEP up. Resolves null when the service says it does not exist; throws
 * CepNetworkError when the service cannot be reached (the screens word these differently).
 */
export async function lookupCep(cep: string): Promise<CepAddress | null> {
  let body: unknown
  try {
    const response = await fetch(`${cepBase}/${cep}/json`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(cepTimeoutMs),
    })
    body = await response.json()
  } catch {
    throw new CepNetworkError('CEP')
  }
  if (v.is(notFound, body)) return null
  const parsed = v.safeParse(found, body)
  if (!parsed.success) return null
  const { logradouro, bairro, localidade, uf } = parsed.output
  return { street: logradouro, neighborhood: bairro, city: localidade, state: uf }
}
