import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../api/client'
import { paidLinkSummary } from '../../../api/schemas'

/** What a paid link paid (beyond the spec), for /success; whoever holds the code may read it. */
export const paidSummaryQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['paid-link', code],
    queryFn: ({ signal }) =>
      apiRequest(`/checkout/paid?code=${encodeURIComponent(code)}`, {
        schema: paidLinkSummary,
        signal,
      }),
    // A payment does not change once made.
    staleTime: Number.POSITIVE_INFINITY,
  })
