import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import * as v from 'valibot'
import { apiRequest } from '../../../api/client'
import { dependentType } from '../../../api/schemas'
import { toast, toastDuration } from '../../../ui/toast'

export const dependentTypesFailed = 'Erro ao buscar tipos de dependentes'

const dependentTypesAnswer = v.object({ dependentType: v.array(dependentType) })

/** Spec §7 POST /rql/dependent-types: a small list kept in the persisted cache for offline use. */
export const dependentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['dependent-types'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/rql/dependent-types', {
          method: 'POST',
          schema: dependentTypesAnswer,
          signal,
        })
      ).dependentType,
    staleTime: 24 * 60 * 60_000,
    meta: { persist: true },
  })

export function useDependentTypes() {
  const query = useQuery(dependentTypesQueryOptions())
  useEffect(() => {
    if (query.isError) toast.error(dependentTypesFailed, { duration: toastDuration.error })
  }, [query.isError])
  return query.data
}
