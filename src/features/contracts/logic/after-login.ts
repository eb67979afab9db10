/** Where a holder goes once logged in (spec §2 screen 2), given their contracts. */
export type AfterLogin =
  | { to: '/terms' }
  | { to: '/selected-contract' }
  | { to: '/home'; contractId: string }
  | null

export function routeAfterLogin(
  contracts: ReadonlyArray<{ id: string; terms: boolean }>,
): AfterLogin {
  if (contracts.some((contract) => !contract.terms)) return { to: '/terms' }
  if (contracts.length > 1) return { to: '/selected-contract' }
  const [only] = contracts
  if (only) return { to: '/home', contractId: only.id }
  return null
}
