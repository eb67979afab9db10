import { instalmentReceipt } from '../../../../contract/api/payments'
import type { PaymentOrder } from '../../../../contract/payments'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'
import { db } from '../../../offline/db'
import { toast, toastDuration } from '../../../ui/toast'
import { openReceipt, receiptMessages } from './link-receipt'

/**
 * Receipts ("Comprovante", beyond the spec): a PDF the server draws for a paid instalment or a
 * paid link. Paid instalments' receipts are kept on the device as soon as the list is read
 * online, so they open at a counter or a gate with no signal too.
 */
const fetchInstalmentReceipt = (instalmentId: string) =>
  call(instalmentReceipt, { params: { id: instalmentId } })

/** A paid instalment's receipt: from the server when it answers, else the copy kept here. */
export async function openInstalmentReceipt(contractId: string, instalment: PaymentOrder) {
  const what = `parcela ${instalment.installment || 1}`
  try {
    const pdf = await fetchInstalmentReceipt(instalment.id)
    await db.receipts.put({ instalmentId: instalment.id, contractId, pdf, syncedAt: Date.now() })
    await openReceipt(pdf, what)
  } catch (error) {
    const kept = await db.receipts.get(instalment.id)
    if (kept) {
      await openReceipt(kept.pdf, what)
      return
    }
    const noConnection = error instanceof ApiError && error.noConnection
    toast.error(noConnection ? receiptMessages.offline : receiptMessages.failed, {
      duration: toastDuration.error,
    })
  }
}

/** Keeps the receipts of paid instalments the device does not have yet (quietly, one by one). */
export async function keepPaidReceipts(contractId: string, instalments: PaymentOrder[]) {
  const kept = new Set(
    (await db.receipts.where('contractId').equals(contractId).primaryKeys()) as string[],
  )
  for (const instalment of instalments) {
    if (instalment.status !== 'PAID' || kept.has(instalment.id)) continue
    const pdf = await fetchInstalmentReceipt(instalment.id).catch(() => null)
    if (!pdf) return
    await db.receipts.put({ instalmentId: instalment.id, contractId, pdf, syncedAt: Date.now() })
  }
}
