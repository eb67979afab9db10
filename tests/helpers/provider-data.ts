/**
 * A provider's own data, written straight to its database as a test of a real deployment needs
 * it (DEMO=0: no demo seed, and no import yet): one holder with one ACTIVE contract whose model
 * takes every method, five unpaid instalments, a card recurrence and a link that swaps its card,
 * and payment links the holder would receive. Everything gets fresh ids and codes.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { changeCardRecurrenceSrc } from '../../contract/payments'
import { openDatabase } from '../../server/db/client'
import {
  cardRecurrences,
  contracts,
  holders,
  modelContracts,
  paymentAdjustments,
  paymentLinks,
  paymentOrders,
  paymentSettings,
  persons,
} from '../../server/db/schema'

export const providerHolder = {
  firstName: 'Beatriz',
  lastName: 'Moura',
  email: 'beatriz.moura@clubeexemplo.com.br',
  cpf: '52998224725',
  phone: '11912345678',
}

export interface ProviderData {
  contractId: string
  /** Instalments 1–5, R$ 150,00 each, due 10, 40, 70, 100 and 130 days from now. */
  instalmentIds: string[]
  /** A new link paying these instalments (by number, 1–5), as a reminder would carry. */
  link(installments: number[]): Promise<string>
  /** The link that swaps the card of the contract's recurrence. */
  swapCode: string
  close(): Promise<void>
}

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

/** Writes the provider's data into the (migrated) database at `databaseUrl`. */
export async function writeProviderData(databaseUrl: string): Promise<ProviderData> {
  const handle = await openDatabase({ databaseUrl })
  await handle.migrate()
  const { db } = handle
  const personId = randomUUID()
  const modelId = randomUUID()
  const contractId = randomUUID()
  await db.insert(persons).values({
    id: personId,
    firstName: providerHolder.firstName,
    lastName: providerHolder.lastName,
    birthDate: '1990-05-20',
    email: providerHolder.email,
    cpf: providerHolder.cpf,
    phoneDdi: '55',
    phoneNumber: providerHolder.phone,
    cep: '01310100',
    state: 'SP',
    city: 'São Paulo',
    country: 'Brasil',
    street: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    addressNumber: '900',
  })
  await db.insert(modelContracts).values({ id: modelId, name: 'Sócio Clube Exemplo' })
  await db.insert(contracts).values({
    id: contractId,
    modelContractId: modelId,
    status: 'ACTIVE',
    serie: 'CE',
    contractNumber: '7001',
    terms: true,
  })
  await db.insert(holders).values({ contractId, personId, status: 'ACTIVE' })
  await db.insert(paymentSettings).values({
    modelContractId: modelId,
    validPaymentTypes: { pix: true, credit: true, recurrence: true, boleto_pix: true },
    gatewayId: 'clube-exemplo',
  })
  const list = (channel: 'B2C' | 'OTHER') =>
    (
      [
        ['PIX', 'DISCOUNT', 500, 1],
        ['CREDIT', 'INCREASE', 0, 1],
        ['CREDIT', 'INCREASE', 0, 3],
        ['RECURRENCE', 'INCREASE', 0, 1],
        ['INSTALLMENT_BILL', 'INCREASE', 0, 1],
      ] as const
    ).map(([typePayment, type, basisPoints, installment]) => ({
      modelContractId: modelId,
      channel,
      typePayment,
      type,
      basisPoints,
      installment,
    }))
  await db.insert(paymentAdjustments).values([...list('B2C'), ...list('OTHER')])
  const instalmentIds = [1, 2, 3, 4, 5].map(() => randomUUID())
  await db.insert(paymentOrders).values(
    instalmentIds.map((id, index) => ({
      id,
      contractId,
      description: 'Mensalidade Sócio Clube Exemplo',
      installment: index + 1,
      status: 'NOT_PAID' as const,
      dueDate: day(10 + 30 * index),
      value: 15_000,
    })),
  )
  // A recurrence on a card the gateway knows nothing of yet: swapping it is what the test does.
  await db.insert(cardRecurrences).values({
    contractId,
    cardToken: 'pm_cartao_anterior',
    brand: 'visa',
    lastFour: '1111',
  })
  const code = () => randomBytes(9).toString('base64url')
  const swapCode = code()
  await db.insert(paymentLinks).values({
    code: swapCode,
    contractId,
    instalmentIds: [],
    channel: 'B2C',
    src: changeCardRecurrenceSrc,
  })
  return {
    contractId,
    instalmentIds,
    swapCode,
    async link(installments) {
      const linkCode = code()
      await db.insert(paymentLinks).values({
        code: linkCode,
        contractId,
        instalmentIds: installments.map((n) => instalmentIds[n - 1] as string),
        channel: 'B2C',
        src: 'LEMBRETE',
      })
      return linkCode
    },
    close: () => handle.close(),
  }
}
