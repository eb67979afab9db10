/** The session the spec keeps in localStorage (spec §3 "Local storage", §6). */
const keys = { token: 'authToken', contractId: 'contractId', contractEtag: 'contractEtag' } as const

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
  /**
   * The ETag of the contract copy last stored, by path: read before the device's database is
   * open, so a cold start's early read can already revalidate (its answer is used only when the
   * stored copy carries the same tag). Not personal data: a quoted id and version number.
   */
  contractEtag: (path: string) => {
    const [kept, etag] = (read(keys.contractEtag) ?? '').split(' ')
    return kept === path && etag ? etag : undefined
  },
  setContractEtag: (path: string, etag: string | undefined) => {
    if (etag) localStorage.setItem(keys.contractEtag, `${path} ${etag}`)
    else localStorage.removeItem(keys.contractEtag)
  },
  /** Logout (spec §4): the stored contract id and token go. */
  clear: () => {
    localStorage.removeItem(keys.token)
    localStorage.removeItem(keys.contractId)
    localStorage.removeItem(keys.contractEtag)
  },
  /** Runs `listener` after each new token (a login); returns the way to stop. */
  onToken: (listener: () => void) => {
    tokenListeners.add(listener)
    return () => {
      tokenListeners.delete(listener)
    }
  },
}
