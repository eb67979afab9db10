/**
 * The signed adhesion term ("Termo de Adesão") as a PDF (GET /client/view-contract/:id), drawn
 * with pdf-lib in Helvetica: a standard font with WinAnsi encoding, so Portuguese accents render,
 * the text can be selected and searched, and no font file is embedded.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import type { TermDocument } from './terms'

const PAGE = { width: 595.28, height: 841.89 } // A4
const MARGIN = 56
const TEXT_WIDTH = PAGE.width - 2 * MARGIN
const FOOTER_Y = 32
const INK = rgb(0.12, 0.16, 0.2)
const ACCENT = rgb(0.04, 0.31, 0.54)
const MUTED = rgb(0.32, 0.38, 0.43)

/**
 * Text the font can encode: whitespace runs become one space, characters outside WinAnsi lose
 * their diacritics when that is enough (ő → o) and become '?' otherwise, so no name breaks the PDF.
 */
export function encodable(font: PDFFont): (text: string) => string {
  const charset = new Set(font.getCharacterSet())
  const fits = (text: string) => [...text].every((char) => charset.has(char.codePointAt(0) ?? -1))
  return (text) =>
    [...text.replace(/\s+/g, ' ')]
      .map((char) => {
        if (fits(char)) return char
        const base = char.normalize('NFD').replace(/\p{M}/gu, '')
        return base && fits(base) ? base : '?'
      })
      .join('')
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line) lines.push(line)
  return lines
}

/** Writes top to bottom, opening a new page when the next block does not fit (also the personal-data PDF). */
export class Writer {
  page: PDFPage
  y = PAGE.height - MARGIN

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly clean: (text: string) => string,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height])
  }

  private room(height: number) {
    if (this.y - height >= MARGIN + 12) return
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = PAGE.height - MARGIN
  }

  text(
    content: string,
    { size = 10.5, font = this.regular, color = INK, indent = 0, after = 4 } = {},
  ) {
    const leading = size * 1.4
    for (const line of wrap(this.clean(content), font, size, TEXT_WIDTH - indent)) {
      this.room(leading)
      this.y -= leading
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color })
    }
    this.y -= after
  }

  heading(content: string) {
    this.room(48) // keep a heading with the first lines under it
    this.y -= 10
    this.text(content, { size: 12.5, font: this.bold, color: ACCENT, after: 2 })
  }

  field(label: string, value: string) {
    const size = 10.5
    const clean = `${this.clean(label)}: `
    const labelWidth = this.bold.widthOfTextAtSize(clean, size)
    this.room(size * 1.4)
    this.y -= size * 1.4
    this.page.drawText(clean, { x: MARGIN, y: this.y, size, font: this.bold, color: INK })
    const [first = '', ...rest] = wrap(
      this.clean(value),
      this.regular,
      size,
      TEXT_WIDTH - labelWidth,
    )
    this.page.drawText(first, {
      x: MARGIN + labelWidth,
      y: this.y,
      size,
      font: this.regular,
      color: INK,
    })
    for (const line of rest) this.text(line, { indent: labelWidth, after: 0 })
  }

  rule() {
    this.room(16)
    this.y -= 8
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.6,
      color: MUTED,
    })
    this.y -= 6
  }
}

export async function renderAdhesionTermPdf(term: TermDocument, now: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const w = new Writer(doc, regular, bold, encodable(regular))

  doc.setTitle(`Termo de Adesão — Contrato ${term.contractNumber}`)
  doc.setSubject(`${term.modelName} — ${term.holderName}`)
  doc.setAuthor(term.portal)
  doc.setCreator(term.portal)
  doc.setProducer(term.portal)
  doc.setLanguage('pt-BR')
  doc.setCreationDate(now)
  doc.setModificationDate(now)

  w.text('Termo de Adesão', { size: 20, font: bold, color: ACCENT, after: 2 })
  w.text(`${term.modelName} — Contrato ${term.contractNumber}`, { color: MUTED, after: 6 })
  w.rule()

  w.heading('Titular')
  w.field('Nome', term.holderName)
  w.field('CPF', term.cpf)

  w.heading('Contrato')
  w.field('Plano', term.modelName)
  w.field('Série/Número', term.contractNumber)
  w.field('Data da venda', term.saleDate)
  if (term.expiration) w.field('Vigência até', term.expiration)
  w.field('Aceite dos termos', term.acceptedAt ?? 'pendente (ainda não aceito pelo titular)')
  w.field(
    'Dependentes',
    term.dependents.length > 0
      ? term.dependents.map((d) => `${d.name} (${d.type})`).join('; ')
      : 'nenhum incluído',
  )

  if (term.price) {
    w.heading('Valores')
    w.field('Parcelas', term.price.instalments)
    w.field('Total', term.price.total)
    w.field('Vencimentos', term.price.dueDates)
  }

  w.heading('Cláusulas')
  term.clauses.forEach((clause, index) => {
    w.text(`${index + 1}. ${clause.title}`, { font: bold, after: 0 })
    w.text(clause.text, { indent: 12, after: 6 })
  })

  w.heading('Assinatura')
  w.text(
    term.acceptedAt
      ? `Assinado eletronicamente por ${term.holderName}, CPF ${term.cpf}, com o aceite dos termos em ${term.acceptedAt} no ${term.portal}.`
      : `Assinatura pendente: ${term.holderName}, CPF ${term.cpf}, ainda não aceitou os termos no ${term.portal}.`,
  )

  const pages = doc.getPages()
  pages.forEach((page, index) => {
    const footer = w.clean(
      `Termo de Adesão · Contrato ${term.contractNumber} · gerado em ${term.generatedAt} · Página ${index + 1} de ${pages.length}`,
    )
    page.drawText(footer, { x: MARGIN, y: FOOTER_Y, size: 8, font: regular, color: MUTED })
  })
  return doc.save()
}
