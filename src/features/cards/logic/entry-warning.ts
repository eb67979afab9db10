import { contractAdmitsEntry, contractStatusChip } from '../../../lib/status'

export type EntryWarning = {
  title: string
  text: string
  /** Paying the overdue instalments is what the holder can do about it. */
  pay: boolean
}

/**
 * What the card screen tells a holder whose contract the gate refuses (the rule of /verificar,
 * `contractAdmitsEntry`): the card itself may be ATIVO, but the pass will read INVÁLIDO.
 */
export function entryWarning(status: string | null | undefined): EntryWarning | null {
  if (contractAdmitsEntry(status)) return null
  const label = contractStatusChip(status).label
  const title = `Entrada bloqueada: contrato ${label}`
  if (status === 'OVERDUE')
    return {
      title,
      text: 'Na portaria, sua carteirinha será recusada enquanto houver parcelas vencidas. Pague-as para regularizar o contrato.',
      pay: true,
    }
  return {
    title,
    text: 'Na portaria, sua carteirinha será recusada enquanto o contrato estiver nessa situação. Fale com o atendimento para regularizá-lo.',
    pay: false,
  }
}
