/** The session the spec keeps in localStorage (spec §3 "Local storage", §6). */
const keys = { token: 'authToken', contractId: 'contractId' } as const

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as logged out.
    return null
  }
}

const tokenListeners = new Set<() => void>()

export const session = {
  token: () => read(keys.token),
  contractId: () => read(keys.contractId),
  setToken: (token: string) => {
    localStorage.setItem(keys.token, token)
    for (const listener of tokenListeners) listener()
  },
  setContractId: (id: string) => localStorage.setItem(keys.contractId, id),
  /** Logout (spec §4): the stored contract id and token go. */
  clear: () => {
    localStorage.removeItem(keys.token)
    localStorage.removeItem(keys.contractId)
  },
  /** Runs `listener` after each new token (a login); returns the way to stop. */
  onToken: (listener: () => void) => {
    tokenListeners.add(listener)
    return () => {
      tokenListeners.delete(listener)
    }
  },
}
