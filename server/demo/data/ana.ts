/**
 * Ana: the richest demo holder — one ACTIVE contract with dependents (one ACTIVE, one INACTIVE),
 * three cards and twelve instalments covering every payment status.
 */
import type { Database } from '../../db/client'
import { pdfBase64 } from '../../db/pdf'
import {
  cards,
  contracts,
  dependents,
  filesAttached,
  holders,
  paymentOrders,
  persons,
} from '../../db/schema'
import { dependentMandatoryData, standardMandatoryData } from './catalogue'
import { addDays, addMonths, isoDay } from './dates'
import { demoEmails, demoIds } from './ids'
import { demoPhoto } from './portraits'

const ids = demoIds.ana
const MONTHLY_FEE = 18_990

const address = {
  cep: '01310100',
  state: 'SP',
  city: 'São Paulo',
  country: 'Brasil',
  street: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  addressNumber: '1000',
  complement: 'Apto 42',
}

export async function seedAna(tx: Database, now: Date) {
  await tx.insert(persons).values([
    {
      id: ids.person,
      firstName: 'Ana Paula',
      lastName: 'Souza',
      birthDate: '1985-03-14',
      gender: 'Feminino',
      email: demoEmails.ana,
      imageBase64: demoPhoto('ana'),
      rg: '284563217',
      cpf: '52998224725',
      phoneDdi: '55',
      phoneNumber: '11987654321',
      ...address,
      // Her club knows where she pays from: Pix Automático can ask her bank (journey 1).
      payerBank: { ispb: '60701190', branch: '1234', account: '567890' },
    },
    {
      id: ids.pedro.person,
      firstName: 'Pedro',
      lastName: 'Souza',
      birthDate: '2012-07-02',
      gender: 'Masculino',
      email: 'pedro.souza@exemplo.com.br',
      imageBase64: demoPhoto('pedro'),
      rg: '503918276',
      cpf: '39053344705',
      phoneDdi: '55',
      phoneNumber: '11976543210',
      ...address,
    },
    {
      id: ids.maria.person,
      firstName: 'Maria',
      lastName: 'Oliveira Souza',
      birthDate: '1983-11-25',
      gender: 'Feminino',
      email: 'maria.oliveira@exemplo.com.br',
      imageBase64: demoPhoto('maria'),
      rg: '371845920',
      cpf: '11144477735',
      phoneDdi: '55',
      phoneNumber: '11965432109',
      ...address,
    },
  ])
  await tx.insert(filesAttached).values({
    id: ids.file,
    personId: ids.person,
    name: 'Comprovante de residência.pdf',
    contentType: 'application/pdf',
    contentBase64: pdfBase64('Comprovante de residência', [
      'Ana Paula Souza',
      'Avenida Paulista, 1000, Apto 42 - Bela Vista - São Paulo/SP',
    ]),
  })

  const soldAt = addMonths(now, -4)
  await tx.insert(contracts).values({
    id: ids.contract,
    modelContractId: demoIds.models.familyClub,
    status: 'ACTIVE',
    serie: 'A',
    contractNumber: '000123',
    createdAt: soldAt,
    dateTime: soldAt,
    expiration: addMonths(soldAt, 12),
    terms: true,
    termsAcceptedAt: addDays(soldAt, 1),
    dependentsIncluded: 3,
    holderMandatoryData: standardMandatoryData,
    dependentMandatoryData,
    updatedAt: soldAt,
  })
  await tx.insert(holders).values({
    id: ids.holder,
    contractId: ids.contract,
    personId: ids.person,
    status: 'ACTIVE',
    updatedAt: soldAt,
  })
  await tx.insert(dependents).values([
    {
      id: ids.pedro.dependent,
      contractId: ids.contract,
      personId: ids.pedro.person,
      dependentTypeId: demoIds.dependentTypes.child,
      status: 'ACTIVE',
      createdAt: soldAt,
      updatedAt: soldAt,
    },
    {
      id: ids.maria.dependent,
      contractId: ids.contract,
      personId: ids.maria.person,
      dependentTypeId: demoIds.dependentTypes.spouse,
      status: 'INACTIVE',
      createdAt: addDays(soldAt, 1),
      updatedAt: addDays(soldAt, 30),
    },
  ])

  // The cards end with the contract: a card valid past its contract's end is two truths.
  const expirationDate = isoDay(addMonths(soldAt, 12))
  await tx.insert(cards).values(
    [
      { id: ids.cards.ana, personId: ids.person, code: '0001230001', status: 'ACTIVE' },
      { id: ids.cards.pedro, personId: ids.pedro.person, code: '0001230002', status: 'ACTIVE' },
      { id: ids.cards.maria, personId: ids.maria.person, code: '0001230003', status: 'INACTIVE' },
    ].map((card) => ({ ...card, contractId: ids.contract, expirationDate, createdAt: soldAt })),
  )

  await tx.insert(paymentOrders).values(anaInstalments(now))
}

/**
 * Instalment 4 fell due ten days ago (OVERDUE), 1–3 before it (PAID on their due date),
 * 5–12 fall due monthly after it (NOT_PAID). Two upcoming ones carry a discount.
 */
function anaInstalments(now: Date) {
  const overdueDay = addDays(now, -10)
  return ids.instalments.map((id, index) => {
    const installment = index + 1
    const due = addMonths(overdueDay, installment - 4)
    const status = installment <= 3 ? 'PAID' : installment === 4 ? 'OVERDUE' : 'NOT_PAID'
    const discount = installment === 5 || installment === 6 ? 1_900 : 0
    return {
      id,
      contractId: ids.contract,
      description: `Mensalidade Plano Família Clube ${String(installment).padStart(2, '0')}/12`,
      installment,
      status,
      dueDate: isoDay(due),
      value: MONTHLY_FEE,
      discount,
      paidValue: status === 'PAID' ? MONTHLY_FEE - discount : null,
      paidAt: status === 'PAID' ? due : null,
      data: { lastLinkAdjustment: 0 },
      createdAt: addMonths(now, -4),
    } as const
  })
}
