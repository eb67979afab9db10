import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  cancelPixAutomatico,
  enrolPixAutomatico,
  getPixAutomatico,
} from '../../../../contract/api/pix-automatico'
import { noRecurrence, type RecurrenceView } from '../../../../contract/pix-automatico'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'

/** "Débito automático via Pix" of a contract (decision 025): not kept on the device. */
export const pixAutomaticoKeys = {
  contract: (contractId: string) => ['pix-automatico', contractId] as const,
}

/** Seconds between looks at the bank's answer while the QR waits for the holder's bank app. */
export const pixAutomaticoWatchMs = 3_000

/**
 * The contract's newest authorization (null when it never had one: the server's 404), and
 * whether "Ativar" may start one now (false with nothing left to charge).
 */
export type PixAutomaticoRead = { view: RecurrenceView | null; canEnrol: boolean }

const shown = (view: RecurrenceView): PixAutomaticoRead => ({ view, canEnrol: view.canEnrol })

async function readPixAutomatico(
  contractId: string,
  signal: AbortSignal,
): Promise<PixAutomaticoRead> {
  try {
    return shown(await call(getPixAutomatico, { params: { id: contractId } }, { signal }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { view: null, canEnrol: v.is(noRecurrence, error.body) && !!error.body.canEnrol }
    throw error
  }
}

/**
 * The authorization, read again every few seconds while it waits for the holder's bank (CRIADA),
 * so the screen moves by itself when it is approved or refused there.
 */
export function usePixAutomatico(contractId: string) {
  return useQuery({
    queryKey: pixAutomaticoKeys.contract(contractId),
    queryFn: ({ signal }) => readPixAutomatico(contractId, signal),
    refetchInterval: (query) =>
      query.state.data?.view?.status === 'CRIADA' ? pixAutomaticoWatchMs : false,
  })
}

/** Enrols (the QR to authorize it) or cancels; the screen shows the answer the server gives. */
export function usePixAutomaticoActions(contractId: string) {
  const queryClient = useQueryClient()
  const show = (view: RecurrenceView) =>
    queryClient.setQueryData(pixAutomaticoKeys.contract(contractId), shown(view))
  const enrol = useMutation({
    mutationFn: () => call(enrolPixAutomatico, { params: { id: contractId } }),
    onSuccess: show,
  })
  const cancel = useMutation({
    mutationFn: () => call(cancelPixAutomatico, { params: { id: contractId } }),
    onSuccess: show,
  })
  return { enrol, cancel }
}
