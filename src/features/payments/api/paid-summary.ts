import { queryOptions } from '@tanstack/react-query'
import { paidSummary } from '../../../../contract/api/checkout'
import { call } from '../../../api/call'

/** What a paid link paid (beyond the spec), for /success; whoever holds the code may read it. */
export const paidSummaryQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['paid-link', code],
    queryFn: ({ signal }) => call(paidSummary, { query: { code } }, { signal }),
    // A payment does not change once made.
    staleTime: Number.POSITIVE_INFINITY,
  })
