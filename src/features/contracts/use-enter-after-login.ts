import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { type UseNavigateResult, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { session } from '../../api/session'
import { contractsQueryOptions } from './api/contracts'
import { routeAfterLogin } from './logic/after-login'

/**
 * Right after login: store the token, fetch the contracts and go where spec §2 screen 2 says.
 * Resolves false when the holder has no contract (nowhere to go). A code login and a passkey
 * login (which loads this on demand) enter the same way.
 */
export async function enterAfterLogin(
  queryClient: QueryClient,
  navigate: UseNavigateResult<string>,
  token: string,
) {
  session.setToken(token)
  const contracts = await queryClient.fetchQuery({ ...contractsQueryOptions(), staleTime: 0 })
  const next = routeAfterLogin(contracts)
  if (!next) return false
  if (next.to === '/home') session.setContractId(next.contractId)
  await navigate({ to: next.to, replace: true })
  return true
}

export function useEnterAfterLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  return useCallback(
    (token: string) => enterAfterLogin(queryClient, navigate, token),
    [queryClient, navigate],
  )
}
