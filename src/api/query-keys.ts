/**
 * Query keys shared by several features (a feature never imports another's internals): the
 * contract is read by the profile and refreshed by terms and registration saves.
 */
export const contractKeys = {
  all: ['contracts'] as const,
  list: () => [...contractKeys.all, 'list'] as const,
  detail: (id: string) => [...contractKeys.all, 'detail', id] as const,
}

/** Instalments: the payments list reads them; /success refreshes them after a payment. */
export const instalmentKeys = {
  all: ['instalments'] as const,
  contract: (contractId: string) => [...instalmentKeys.all, contractId] as const,
}
