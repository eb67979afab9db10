/**
 * Registration rules of spec §4 and §5 as pure functions: who may edit, which filled fields are
 * locked, which fields the contract requires, and the dependent limit.
 */
import {
  dependentTypeMessage,
  type PersonInput,
  type RegistrationField,
  registrationFieldLabels,
} from '../../contract/registration'
import type { PersonRow } from './mappers'

export const registrationMessages = {
  saved: 'Cadastro realizado com sucesso!',
  holderNotFound: 'Titular não encontrado.',
  dependentNotFound: 'Dependente não encontrado.',
  attachmentNotFound: 'Anexo não encontrado.',
  holderReadOnly: 'Cadastro em análise ou contrato inativo: não é possível editar.',
  dependentReadOnly: 'Dependente ou titular em análise: não é possível editar este dependente.',
  stale: 'Estes dados foram alterados em outro lugar. Recarregue para ver a versão mais recente.',
  limitReached: 'Limite de dependentes do contrato atingido.',
  /** Says nothing about whose the e-mail is: a save must not tell which e-mails exist. */
  emailUnavailable: 'Não foi possível usar este e-mail. Informe outro e-mail.',
  /** As for the e-mail: says only that it cannot be used here, not whose it is. */
  cpfUnavailable:
    'Não foi possível usar este CPF. Se a pessoa já tem cadastro no clube, peça ao clube para incluí-la como dependente.',
  holderAsDependent: 'O titular não pode ser cadastrado como dependente do próprio contrato.',
  dependentTwice: 'Esta pessoa já é dependente deste contrato.',
  invalidDependentType: dependentTypeMessage,
  bodyTooLarge: 'O corpo da requisição excede o limite de 8 MB.',
  locked: (field: RegistrationField) =>
    `O campo ${registrationFieldLabels[field]} já está preenchido e não pode ser alterado.`,
  dependentName: (field: RegistrationField) =>
    `O campo ${registrationFieldLabels[field]} de um dependente já cadastrado não pode ser alterado.`,
} as const

/** Spec §4: the holder form is read-only while the contract is in review or inactive. */
export const holderReadOnly = (contractStatus: string) =>
  contractStatus === 'REVIEW' || contractStatus === 'INACTIVE'

/** Spec §4: an existing dependent is read-only while the holder or the dependent is in review. */
export const dependentReadOnly = (holderStatus: string, dependentStatus: string) =>
  holderStatus === 'REVIEW' || dependentStatus === 'REVIEW'

/** Spec §4 and §9: a new dependent needs room; inactive ones do not count (the caller's query). */
export const limitReached = (activeDependents: number, included: number) =>
  activeDependents >= Math.max(0, included)

type LockedField = 'first_name' | 'last_name' | 'cpf' | 'email'

const storedValue: Record<LockedField, (row: PersonRow) => string | null> = {
  first_name: (row) => row.firstName,
  last_name: (row) => row.lastName,
  // Compared as the save sends them: CPF digits only, e-mail lower-case.
  cpf: (row) => row.cpf?.replace(/\D/g, '') || null,
  email: (row) => row.email?.toLowerCase() ?? null,
}

/**
 * Spec §4: fields filled at load are locked (keeping the value or filling an empty one is fine).
 * Holder: first name, last name, CPF, e-mail. Existing dependent: CPF and e-mail, and the name
 * fields are disabled altogether.
 */
export function lockedFieldChange(
  stored: PersonRow,
  person: PersonInput,
  who: 'holder' | 'dependent',
): string | undefined {
  const sent: Record<LockedField, string | null> = {
    first_name: person.first_name,
    last_name: person.last_name,
    cpf: person.documents.cpf,
    email: person.email,
  }
  const changed = (field: LockedField) => (storedValue[field](stored) ?? '') !== (sent[field] ?? '')
  const filledAndChanged = (field: LockedField) => !!storedValue[field](stored) && changed(field)
  if (who === 'dependent') {
    const name = (['first_name', 'last_name'] as const).find(changed)
    if (name) return registrationMessages.dependentName(name)
  }
  const locked: LockedField[] =
    who === 'holder' ? ['first_name', 'last_name', 'cpf', 'email'] : ['cpf', 'email']
  const field = locked.find(filledAndChanged)
  return field ? registrationMessages.locked(field) : undefined
}
