import { extractText, getDocumentProxy } from 'unpdf'

/** All the text of a PDF, pages joined, as a person reading it would see it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf))
  const { text } = await extractText(document, { mergePages: true })
  return text
}
