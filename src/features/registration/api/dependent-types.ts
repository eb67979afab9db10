import { queryOptions, useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { dependentTypes } from '../../../../contract/api/registration'
import type { DependentType } from '../../../../contract/contracts'
import { call } from '../../../api/call'
import { db } from '../../../offline/db'
import { toast, toastDuration } from '../../../ui/toast'

export const dependentTypesFailed = 'Erro ao buscar tipos de dependentes'

const storedKey = 'dependent-types'

/**
 * Spec §7 POST /rql/dependent-types, kept on the device: the layout reads it on the first
 * online visit, so a dependent can be added with no signal even if the form never opened online.
 */
export const dependentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['dependent-types'],
    queryFn: async () => {
      const { dependentType: types } = await call(dependentTypes)
      await db.meta.put({ key: storedKey, value: types })
      return types
    },
    staleTime: 24 * 60 * 60_000,
  })

export function useDependentTypes(): DependentType[] | undefined {
  const query = useQuery(dependentTypesQueryOptions())
  const stored = useLiveQuery(
    async () => (await db.meta.get(storedKey))?.value as DependentType[] | undefined,
    [],
  )
  const types = query.data ?? stored
  const failed = query.isError && !types
  useEffect(() => {
    if (failed) toast.error(dependentTypesFailed, { duration: toastDuration.error })
  }, [failed])
  return types
}
