/**
 * A suite that needs PostgreSQL (several server processes on one database): required when CI or
 * REQUIRE_POSTGRES is set, and on a developer's machine without TEST_DATABASE_URL skipped
 * loudly, like the browser journeys.
 */
import { describe } from 'vitest'

/** `describe` for a suite on PostgreSQL; `what` names it in Portuguese in the messages. */
export function describePostgres(what: string): typeof describe {
  const required = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES)
  if (process.env.TEST_DATABASE_URL) return describe
  if (required)
    throw new Error(`TEST_DATABASE_URL não definido e CI/REQUIRE_POSTGRES exige ${what}.`)
  return ((name: string) => {
    console.warn(`\n*** ${what.toUpperCase()} PULADO: defina TEST_DATABASE_URL (PostgreSQL). ***\n`)
    describe.skip(name, () => {})
  }) as unknown as typeof describe
}
