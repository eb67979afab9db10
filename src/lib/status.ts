/** Contract and dependent status chips (spec §4): label and colour, '---' for anything else. */
export type ChipColour = 'green' | 'orange' | 'blue' | 'red' | 'grey' | 'purple'

const contractStatuses: Record<string, { label: string; colour: ChipColour }> = {
  ACTIVE: { label: 'ATIVO', colour: 'green' },
  INACTIVE: { label: 'INATIVO', colour: 'orange' },
  TRANSFERRED: { label: 'TRANSFERIDO', colour: 'blue' },
  CANCELLED: { label: 'CANCELADO', colour: 'red' },
  PENDING: { label: 'DADOS PENDENTES', colour: 'grey' },
  OVERDUE: { label: 'INADIMPLENTE', colour: 'purple' },
  REVIEW: { label: 'EM ANALISE', colour: 'blue' },
}

export function contractStatusChip(status: string | null | undefined): {
  label: string
  colour: ChipColour
} {
  return (status && contractStatuses[status]) || { label: '---', colour: 'grey' }
}

/**
 * Whether the gate (/verificar) lets a member in on this contract status: only an ACTIVE
 * contract does. The card screen warns the holder with the same rule before they get there.
 */
export const contractAdmitsEntry = (status: string | null | undefined) => status === 'ACTIVE'

/** Instalment status chips (spec §4): anything not listed is a partial payment. */
const instalmentStatuses: Record<string, { label: string; colour: ChipColour }> = {
  PAID: { label: 'PAGO', colour: 'green' },
  NOT_PAID: { label: 'A PAGAR', colour: 'blue' },
  OVERDUE: { label: 'VENCIDO', colour: 'red' },
}

export function instalmentStatusChip(status: string | null | undefined) {
  return (
    (status && instalmentStatuses[status]) || { label: 'PAGO PARCIAL', colour: 'orange' as const }
  )
}

/** Member cards (spec §4): only ACTIVE is 'ATIVO'. */
export function cardStatusChip(status: string | null | undefined) {
  return status === 'ACTIVE'
    ? { label: 'ATIVO', colour: 'green' as const }
    : { label: 'INATIVO', colour: 'orange' as const }
}
