import { inject, type ProvidedContext } from 'vitest'

/**
 * What tests/global-setup.ts provided for the run, or undefined outside a vitest worker (a script
 * using the helpers), where `inject` throws.
 */
export function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key)
  } catch {
    return undefined
  }
}
