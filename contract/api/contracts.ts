/** The holder's contracts, their terms and the signed adhesion term. */
import { acceptTermRequest, contract, contractList, termContractQuery } from '../contracts'
import { idField, messageResponse } from '../http'
import type { Operation } from '../operation'
import { badBody, error, holderErrors, idParam, pdfInBase64 } from './answers'
import { barePaths } from './bare-paths'

export const listContracts = {
  id: 'listContracts',
  method: 'GET',
  path: '/client/contracts',
  summary: 'Os contratos da pessoa.',
  tag: 'contracts',
  access: 'holder',
  answers: { 200: contractList, ...holderErrors },
} as const satisfies Operation

export const getContract = {
  id: 'getContract',
  method: 'GET',
  path: barePaths.getContract,
  summary: 'Um contrato, com titular e dependentes (ETag: 304 quando não mudou).',
  tag: 'contracts',
  access: 'holder',
  params: idParam,
  answers: { 200: contract, 304: { empty: true }, ...holderErrors, 404: error },
} as const satisfies Operation

export const getTerms = {
  id: 'getTerms',
  method: 'GET',
  path: '/client/term/contract',
  summary: 'Os termos de compra do contrato, em HTML.',
  tag: 'contracts',
  access: 'holder',
  query: termContractQuery,
  answers: { 200: { file: 'text/html' }, 400: error, ...holderErrors, 404: error },
} as const satisfies Operation

export const acceptTerms = {
  id: 'acceptTerms',
  method: 'POST',
  path: '/client/term/contract/acept/{contractId}',
  summary: 'Aceita os termos do contrato.',
  tag: 'contracts',
  access: 'holder',
  params: { contractId: idField },
  body: acceptTermRequest,
  bodyOptional: true,
  answers: { 200: messageResponse, ...badBody, ...holderErrors, 404: error },
} as const satisfies Operation

export const adhesionTerm = {
  id: 'adhesionTerm',
  method: 'GET',
  path: '/client/view-contract/{id}',
  summary: 'O termo de adesão assinado, um PDF em base64.',
  tag: 'contracts',
  access: 'holder',
  params: idParam,
  answers: { 200: pdfInBase64, ...holderErrors, 404: error },
} as const satisfies Operation
