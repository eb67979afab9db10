import { linkReceipt } from '../../../../contract/api/checkout'
import { call } from '../../../api/call'
import { ApiError } from '../../../api/client'
import { base64ToBlob, shareOrDownload } from '../../../lib/files'
import { toast, toastDuration } from '../../../ui/toast'

/** Receipts as files (no device database here: /success opens for people not logged in). */
export const receiptMessages = {
  failed: 'Não foi possível baixar o comprovante.',
  offline:
    'Sem conexão: este comprovante ainda não foi guardado no aparelho. Abra-o uma vez com internet.',
} as const

const fileName = (what: string) => `Comprovante ${what}.pdf`

export async function openReceipt(base64: string, what: string) {
  await shareOrDownload(base64ToBlob(base64, 'application/pdf'), fileName(what), 'Comprovante')
}

/** A paid link's receipt (the /success screen), for whoever holds its code. */
export async function openLinkReceipt(code: string) {
  try {
    const pdf = await call(linkReceipt, { query: { code } })
    await openReceipt(pdf, 'do pagamento')
  } catch (error) {
    toast.error(receiptMessages.failed, {
      description: error instanceof ApiError ? error.message : undefined,
      duration: toastDuration.error,
    })
  }
}
