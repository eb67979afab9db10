/** Demo catalogue shared by every holder: dependent types, contract models and their documents. */
import type { Database } from '../../db/client'
import { pdfBase64 } from '../../db/pdf'
import {
  type contracts,
  dependentTypes,
  type MandatoryData,
  modelContractDocuments,
  modelContracts,
} from '../../db/schema'
import { addDays, addMonths } from './dates'
import { demoIds } from './ids'

const { dependentTypes: types, models, modelDocuments: docs } = demoIds

/** Every registration field is required except the complement, passport and birth certificate. */
export const standardMandatoryData: MandatoryData = {
  first_name: true,
  last_name: true,
  birthdate: true,
  gender: true,
  email: true,
  rg: true,
  cpf: true,
  number_ddi: true,
  phone: true,
  cep: true,
  state: true,
  city: true,
  country: true,
  street: true,
  neighborhood: true,
  number: true,
  complement: false,
  passport: false,
  birth_certificate: false,
}

/**
 * A dependent is often a child: a CPF comes with the birth registration, an RG years later. The
 * demo asks dependents for the CPF only, as providers do (issue 27).
 */
export const dependentMandatoryData: MandatoryData = { ...standardMandatoryData, rg: false }

type ContractRow = typeof contracts.$inferInsert

/** A holder's contract with the defaults every demo contract shares. */
export function contractRow(
  now: Date,
  row: Omit<ContractRow, 'createdAt'> & { monthsAgo: number },
) {
  const { monthsAgo, ...rest } = row
  const soldAt = addMonths(now, -monthsAgo)
  return {
    createdAt: soldAt,
    dateTime: soldAt,
    expiration: addMonths(soldAt, 12),
    termsAcceptedAt: rest.terms ? addDays(soldAt, 1) : null,
    holderMandatoryData: standardMandatoryData,
    dependentMandatoryData,
    updatedAt: soldAt,
    ...rest,
  } satisfies ContractRow
}

export async function seedCatalogue(tx: Database) {
  await tx.insert(dependentTypes).values([
    { id: types.spouse, name: 'Cônjuge' },
    { id: types.child, name: 'Filho(a)' },
    { id: types.parent, name: 'Pai/Mãe' },
    { id: types.other, name: 'Outro' },
  ])
  await tx.insert(modelContracts).values([
    { id: models.familyClub, name: 'Plano Família Clube' },
    { id: models.gym, name: 'Plano Individual Academia' },
    { id: models.waterPark, name: 'Passaporte Parque Aquático' },
  ])
  await tx.insert(modelContractDocuments).values([
    {
      id: docs.clubRules,
      modelContractId: models.familyClub,
      name: 'Regulamento do Clube.pdf',
      contentType: 'application/pdf',
      contentBase64: pdfBase64('Regulamento do Clube', [
        '1. O acesso ao clube exige a carteirinha ativa do titular ou do dependente.',
        '2. Dependentes inativos não têm acesso às dependências.',
        '3. O horário de funcionamento é das 6h às 22h, todos os dias.',
      ]),
    },
    {
      id: docs.serviceTable,
      modelContractId: models.familyClub,
      name: 'Tabela de Serviços.pdf',
      contentType: 'application/pdf',
      contentBase64: pdfBase64('Tabela de Serviços', [
        'Mensalidade do plano família: R$ 189,90',
        'Inclusão de dependente adicional: R$ 49,90 por mês',
        'Segunda via da carteirinha: R$ 15,00',
      ]),
    },
    {
      id: docs.gymRules,
      modelContractId: models.gym,
      name: 'Regras da Academia.pdf',
      contentType: 'application/pdf',
      contentBase64: pdfBase64('Regras da Academia', [
        'Use toalha nos aparelhos e devolva os pesos ao lugar.',
        'Avaliação física gratuita a cada seis meses.',
      ]),
    },
  ])
}
