/** What would make `npm ci` refuse the lockfile on some machine; empty when nothing would. */
export function lockfileProblems(
  manifest: Record<string, unknown>,
  lock: { lockfileVersion?: number; packages?: Record<string, Record<string, unknown>> },
): string[]
