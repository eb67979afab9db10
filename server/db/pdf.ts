/**
 * Builds a tiny, valid one-page PDF with a few lines of text, so the demo's documents open in any
 * viewer without shipping binary fixtures. Offsets in the xref table must be exact byte positions.
 */

/** PDF strings escape backslash and parentheses; accents are mapped through WinAnsi (latin1). */
const escapeText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)

export function buildPdf(title: string, lines: string[]): Buffer {
  const stream = [
    'BT',
    '/F1 18 Tf 56 780 Td',
    `(${escapeText(title)}) Tj`,
    '/F1 11 Tf 0 -28 Td 14 TL',
    ...lines.map((line) => `(${escapeText(line)}) '`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

export const pdfBase64 = (title: string, lines: string[]) =>
  buildPdf(title, lines).toString('base64')
