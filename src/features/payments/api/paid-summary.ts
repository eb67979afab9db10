import { queryOptions } from '@tanstack/react-query'
import { apiPaths } from '../../../../contract/paths'
import { paidLinkSummary } from '../../../../contract/payments'
import { apiRequest } from '../../../api/client'

/** What a paid link paid (beyond the spec), for /success; whoever holds the code may read it. */
export const paidSummaryQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['paid-link', code],
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.paidSummary(code), {
        schema: paidLinkSummary,
        signal,
      }),
    // A payment does not change once made.
    staleTime: Number.POSITIVE_INFINITY,
  })
