import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { listInstalments, sendPaymentLink } from '../../../../contract/api/payments'
import { call, callRevalidating, pathOf } from '../../../api/call'
import { ApiError } from '../../../api/client'
import { instalmentKeys } from '../../../api/query-keys'
import { db } from '../../../offline/db'
import { toast, toastDuration } from '../../../ui/toast'

/** Where the ETag of the device's copy of a contract's instalments is kept. */
const etagKey = (contractId: string) =>
  `etag:${pathOf(listInstalments, { params: { id: contractId } })}`

/**
 * Spec §7 payment-orders: fetched, validated and kept on the device so the list opens offline;
 * revalidated by the copy's ETag, so an unchanged list costs a 304.
 */
export const instalmentsQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: instalmentKeys.contract(contractId),
    queryFn: async () => {
      const kept = await db.meta.get(etagKey(contractId))
      const answer = await callRevalidating(
        listInstalments,
        { params: { id: contractId } },
        { etag: typeof kept?.value === 'string' ? kept.value : undefined },
      )
      const syncedAt = Date.now()
      if (answer.unchanged) {
        await db.instalments.where('contractId').equals(contractId).modify({ syncedAt })
        return syncedAt
      }
      const orders = answer.data
      await db.transaction('rw', db.instalments, db.meta, async () => {
        await db.instalments.where('contractId').equals(contractId).delete()
        await db.instalments.bulkPut(orders.map((order) => ({ ...order, contractId, syncedAt })))
        if (answer.etag) await db.meta.put({ key: etagKey(contractId), value: answer.etag })
        else await db.meta.delete(etagKey(contractId))
      })
      // Receipts of paid instalments, kept for when there is no signal; never in the list's way.
      void import('./receipts').then(({ keepPaidReceipts }) => keepPaidReceipts(contractId, orders))
      return syncedAt
    },
  })

export function useInstalments(contractId: string) {
  const { error, data } = useQuery(instalmentsQueryOptions(contractId))
  // Spec §8: a failed instalment list is only logged; the device's copy stays on screen.
  useEffect(() => {
    if (error) console.error('Falha ao buscar as parcelas', error)
  }, [error])
  const instalments = useLiveQuery(
    async () =>
      (await db.instalments.where('contractId').equals(contractId).toArray()).sort(
        (a, b) => a.installment - b.installment,
      ),
    [contractId],
  )
  return {
    instalments,
    syncedAt: instalments?.[0]?.syncedAt ?? null,
    /**
     * What the device holds is an answer: it has rows, or a read has answered (an empty list then
     * means no instalments). Before that, an empty list means "not read yet", never "nothing owed".
     */
    known: instalments !== undefined && (instalments.length > 0 || data !== undefined),
  }
}

export const paymentLinkFailed = 'Não foi possível abrir o pagamento.'

/** Spec §7 send-payment-link: ids joined with '|'; the browser goes to the URL it returns. */
export function useSendPaymentLink() {
  return useMutation({
    mutationFn: (ids: string[]) =>
      call(sendPaymentLink, { query: { ids: ids.join('|') } }, { timeoutMs: 15_000 }),
    // Spec §8 only logs this failure; a 'Pagar' that does nothing is worse than a plain reason.
    onError: (error) => {
      console.error('Falha ao gerar o link de pagamento', error)
      toast.error(paymentLinkFailed, {
        description: error instanceof ApiError ? error.message : undefined,
        duration: toastDuration.error,
      })
    },
  })
}
