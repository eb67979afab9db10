/** The payment link's page (spec §7 /checkout): public, the link's code is its own key. */
import { messageResponse } from '../http'
import type { Operation } from '../operation'
import {
  boletoRequest,
  boletoResponse,
  cardPaymentRequest,
  paidLinkSummary,
  paymentLinkData,
  paymentLinkQuery,
  pixGenerateRequest,
  pixGenerateResponse,
  pixStatusQuery,
  pixStatusResponse,
  pixVerifyRequest,
  pixVerifyResponse,
} from '../payments'
import { badBody, error, payingErrors, pdfInBase64 } from './answers'

export const getPaymentLink = {
  id: 'getPaymentLink',
  method: 'GET',
  path: '/checkout/payment-link',
  summary: 'O que um link de pagamento cobra e como pode ser pago.',
  tag: 'checkout',
  access: 'public',
  query: paymentLinkQuery,
  answers: { 200: paymentLinkData, 400: error, 404: error, 410: error },
} as const satisfies Operation

export const payByCard = {
  id: 'payByCard',
  method: 'POST',
  path: '/checkout/payment-link',
  summary: 'Paga o link com cartão, ou troca o cartão da recorrência.',
  tag: 'checkout',
  access: 'public',
  body: cardPaymentRequest,
  answers: { 200: messageResponse, ...payingErrors, 402: error },
} as const satisfies Operation

export const generatePix = {
  id: 'generatePix',
  method: 'POST',
  path: '/checkout/payment-link-pix',
  summary: 'Gera o Pix (copia e cola e QR) do link.',
  tag: 'checkout',
  access: 'public',
  body: pixGenerateRequest,
  answers: { 200: pixGenerateResponse, ...payingErrors },
} as const satisfies Operation

export const verifyPix = {
  id: 'verifyPix',
  method: 'POST',
  path: '/checkout/verify-link-pix',
  summary: 'Pergunta ao banco se o Pix do link foi pago.',
  tag: 'checkout',
  access: 'public',
  body: pixVerifyRequest,
  answers: { 200: pixVerifyResponse, ...badBody, 404: error, 422: error, 502: error, 503: error },
} as const satisfies Operation

export const pixStatus = {
  id: 'pixStatus',
  method: 'GET',
  path: '/checkout/pix-status',
  summary: 'Onde está o Pix do link, pelos registros do portal.',
  tag: 'checkout',
  access: 'public',
  query: pixStatusQuery,
  answers: { 200: pixStatusResponse, 400: error, 404: error, 503: error },
} as const satisfies Operation

export const payByBoleto = {
  id: 'payByBoleto',
  method: 'POST',
  path: '/checkout/pix-boleto',
  summary: 'Emite ou reenvia os boletos do link.',
  tag: 'checkout',
  access: 'public',
  body: boletoRequest,
  answers: { 200: boletoResponse, ...payingErrors, 429: error },
} as const satisfies Operation

export const paidSummary = {
  id: 'paidSummary',
  method: 'GET',
  path: '/checkout/paid',
  summary: 'O que um link pago pagou, sem os dados pessoais de quem pagou.',
  tag: 'checkout',
  access: 'public',
  query: paymentLinkQuery,
  answers: { 200: paidLinkSummary, 400: error, 404: error },
} as const satisfies Operation

export const linkReceipt = {
  id: 'linkReceipt',
  method: 'GET',
  path: '/checkout/receipt',
  summary: 'O comprovante de um link pago, um PDF em base64.',
  tag: 'checkout',
  access: 'public',
  query: paymentLinkQuery,
  answers: { 200: pdfInBase64, 400: error, 404: error },
} as const satisfies Operation
