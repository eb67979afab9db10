/** The holder's data rights (LGPD art. 18; issue 28): a copy of everything the portal holds. */
import type { Operation } from '../operation'
import { error, holderErrors, pdfInBase64 } from './answers'

export const personalData = {
  id: 'personalData',
  method: 'GET',
  path: '/client/personal-data',
  summary:
    'Cópia, em JSON, de todos os dados pessoais do titular e dos dependentes dos seus contratos (LGPD, art. 18). Limitada por dia.',
  tag: 'privacy',
  access: 'holder',
  answers: { 200: { file: 'application/json' }, ...holderErrors, 429: error },
} as const satisfies Operation

export const personalDataPdf = {
  id: 'personalDataPdf',
  method: 'GET',
  path: '/client/personal-data/pdf',
  summary:
    'A mesma cópia, em PDF para ler (em base64, como os outros PDFs do portal). Limitada por dia, com a cópia em JSON.',
  tag: 'privacy',
  access: 'holder',
  answers: { 200: pdfInBase64, ...holderErrors, 429: error },
} as const satisfies Operation
