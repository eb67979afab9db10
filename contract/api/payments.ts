/** A contract's instalments, their receipts, and the payment link the holder asks for. */
import type { Operation } from '../operation'
import { paymentOrderList, sendPaymentLinkQuery, sendPaymentLinkResponse } from '../payments'
import { error, holderErrors, idParam, pdfInBase64 } from './answers'

export const listInstalments = {
  id: 'listInstalments',
  method: 'GET',
  path: '/client/contract/payment-orders/{id}',
  summary: 'As parcelas do contrato (ETag: 304 quando não mudaram).',
  tag: 'payments',
  access: 'holder',
  params: idParam,
  answers: { 200: paymentOrderList, 304: { empty: true }, ...holderErrors, 404: error },
} as const satisfies Operation

export const instalmentReceipt = {
  id: 'instalmentReceipt',
  method: 'GET',
  path: '/client/receipts/{id}',
  summary: 'O comprovante de uma parcela paga, um PDF em base64.',
  tag: 'payments',
  access: 'holder',
  params: idParam,
  answers: { 200: pdfInBase64, ...holderErrors, 404: error },
} as const satisfies Operation

export const sendPaymentLink = {
  id: 'sendPaymentLink',
  method: 'GET',
  path: '/client/send-payment-link',
  summary: 'Cria o link de pagamento das parcelas escolhidas.',
  tag: 'payments',
  access: 'holder',
  query: sendPaymentLinkQuery,
  answers: { 200: sendPaymentLinkResponse, 400: error, ...holderErrors, 404: error, 422: error },
} as const satisfies Operation
