import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  cancelPixAutomatico,
  enrolPixAutomatico,
  enrolPixAutomaticoByLink,
  getPixAutomatico,
  getPixAutomaticoByLink,
} from '../../../../contract/api/pix-automatico'
import {
  type enrolVias,
  noRecurrence,
  type RecurrenceView,
} from '../../../../contract/pix-automatico'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'

/**
 * Whose "Débito automático via Pix" (decision 025): a holder's contract on Pagamentos, or the
 * contract of a payment link where it allows recurrence (no login; cancelling is the holder's).
 */
export type PixAutomaticoSource = { contractId: string } | { linkCode: string }

export type EnrolVia = (typeof enrolVias)[number]

/** Not kept on the device. */
export const pixAutomaticoKeys = {
  of: (source: PixAutomaticoSource) =>
    'linkCode' in source
      ? (['pix-automatico', 'link', source.linkCode] as const)
      : (['pix-automatico', source.contractId] as const),
}

/** Seconds between looks at the bank's answer while the QR waits for the holder's bank app. */
export const pixAutomaticoWatchMs = 3_000

/**
 * The contract's newest authorization (null when it never had one: the server's 404), and
 * whether "Ativar" may start one now (false with nothing left to charge).
 */
export type PixAutomaticoRead = { view: RecurrenceView | null; canEnrol: boolean }

const shown = (view: RecurrenceView): PixAutomaticoRead => ({ view, canEnrol: view.canEnrol })

const readView = (source: PixAutomaticoSource, signal: AbortSignal) =>
  'linkCode' in source
    ? call(getPixAutomaticoByLink, { query: { code: source.linkCode } }, { signal })
    : call(getPixAutomatico, { params: { id: source.contractId } }, { signal })

async function readPixAutomatico(
  source: PixAutomaticoSource,
  signal: AbortSignal,
): Promise<PixAutomaticoRead> {
  try {
    return shown(await readView(source, signal))
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
export function usePixAutomatico(source: PixAutomaticoSource, { enabled = true } = {}) {
  return useQuery({
    queryKey: pixAutomaticoKeys.of(source),
    enabled,
    queryFn: ({ signal }) => readPixAutomatico(source, signal),
    refetchInterval: (query) =>
      query.state.data?.view?.status === 'CRIADA' ? pixAutomaticoWatchMs : false,
  })
}

/** Enrols (the QR to authorize it) or cancels; the screen shows the answer the server gives. */
export function usePixAutomaticoActions(source: PixAutomaticoSource) {
  const queryClient = useQueryClient()
  const show = (view: RecurrenceView) =>
    queryClient.setQueryData(pixAutomaticoKeys.of(source), shown(view))
  // `via`: a QR, or the request sent to the holder's own bank (journey 1); left out, the
  // server's choice (the bank when it is known and nothing is due now).
  const enrol = useMutation({
    mutationFn: (via?: EnrolVia) =>
      'linkCode' in source
        ? call(enrolPixAutomaticoByLink, { body: { code: source.linkCode, via } })
        : call(enrolPixAutomatico, {
            params: { id: source.contractId },
            ...(via ? { body: { via } } : {}),
          }),
    onSuccess: show,
  })
  const cancel = useMutation({
    mutationFn: () => {
      if ('linkCode' in source) throw new Error('Cancele o Pix Automático no portal.')
      return call(cancelPixAutomatico, { params: { id: source.contractId } })
    },
    onSuccess: show,
  })
  return { enrol, cancel }
}
