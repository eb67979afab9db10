/** The receipt as a one-page A4 PDF (pdf-lib, Helvetica: accents render, text can be copied). */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { formatCpf } from '../../contract/format'
import { lateChargesText } from '../../contract/late-charges'
import { reais } from './holder-messages'
import type { Receipt } from './receipts'
import { encodable } from './term-pdf'

const PAGE = { width: 595.28, height: 841.89 }
const MARGIN = 56
const INK = rgb(0.12, 0.16, 0.2)
const ACCENT = rgb(0.04, 0.31, 0.54)
const MUTED = rgb(0.32, 0.38, 0.43)

const moment = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** `portal`: the brand's product name, which issues the receipt. */
export async function receiptPdf(
  receipt: Receipt,
  issuedAt: Date,
  portal: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle('Comprovante de pagamento')
  doc.setCreator(portal)
  const page = doc.addPage([PAGE.width, PAGE.height])
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const clean = encodable(regular)
  let y = PAGE.height - MARGIN
  const line = (text: string, { size = 11, font = regular, color = INK, after = 6 } = {}) => {
    y -= size * 1.4
    page.drawText(clean(text), { x: MARGIN, y, size, font, color })
    y -= after
  }
  const pair = (label: string, value: string) => {
    y -= 15
    page.drawText(clean(label), { x: MARGIN, y, size: 10, font: bold, color: MUTED })
    page.drawText(clean(value), { x: MARGIN + 150, y, size: 11, font: regular, color: INK })
    y -= 4
  }

  line('Comprovante de pagamento', { size: 20, font: bold, color: ACCENT, after: 14 })
  pair('Pagador', receipt.payer.name)
  if (receipt.payer.cpf) pair('CPF', formatCpf(receipt.payer.cpf))
  pair(
    'Contrato',
    `${receipt.contract.model}${receipt.contract.number ? ` nº ${receipt.contract.number}` : ''}`,
  )
  pair('Forma de pagamento', receipt.method)
  pair('Data e hora', moment.format(receipt.paidAt))
  pair('Autenticação', receipt.authentication)
  y -= 14
  line('Parcelas pagas', { size: 13, font: bold, after: 4 })
  for (const instalment of receipt.instalments)
    pair(
      `Parcela ${instalment.installment}`,
      `${instalment.description} — ${reais(instalment.paid)}`,
    )
  y -= 10
  line(`Total pago: ${reais(receipt.total)}`, {
    size: 14,
    font: bold,
    after: receipt.lateCharges ? 6 : 18,
  })
  if (receipt.lateCharges)
    line(lateChargesText(reais(receipt.lateCharges)), { size: 10, color: MUTED, after: 18 })
  line(`Emitido em ${moment.format(issuedAt)} pelo ${portal}.`, { size: 9, color: MUTED })
  return doc.save()
}
