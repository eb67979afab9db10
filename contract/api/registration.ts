/** The holder's and the dependents' registration: the two saves the app may queue offline. */
import type { Operation } from '../operation'
import {
  addDependentRequest,
  dependentTypesRequest,
  dependentTypesResponse,
  photoHolderRequest,
  saveResponse,
} from '../registration'
import { badBody, error, holderErrors } from './answers'
import { queuedPaths } from './queued-paths'

const idempotencyKey = {
  'Idempotency-Key': {
    required: true,
    description:
      'Chave única por alteração: a mesma chave repetida devolve a resposta da primeira vez, sem gravar de novo.',
  },
}

/** Both saves: read-only contract (403), version conflict (409), rule broken (422). */
const saveAnswers = {
  200: saveResponse,
  ...badBody,
  ...holderErrors,
  403: error,
  404: error,
  409: error,
  422: error,
} as const

export const saveHolder = {
  id: 'saveHolder',
  method: 'POST',
  path: queuedPaths.saveHolder,
  summary: 'Salva o cadastro do titular.',
  tag: 'registration',
  access: 'holder',
  queuedOffline: true,
  headers: idempotencyKey,
  body: photoHolderRequest,
  answers: saveAnswers,
} as const satisfies Operation

export const addDependent = {
  id: 'addDependent',
  method: 'POST',
  path: queuedPaths.addDependent,
  summary: 'Inclui ou altera um dependente.',
  tag: 'registration',
  access: 'holder',
  queuedOffline: true,
  headers: idempotencyKey,
  body: addDependentRequest,
  answers: saveAnswers,
} as const satisfies Operation

export const dependentTypes = {
  id: 'dependentTypes',
  method: 'POST',
  path: '/rql/dependent-types',
  summary: 'Os tipos de dependente.',
  tag: 'registration',
  access: 'holder',
  body: dependentTypesRequest,
  bodyOptional: true,
  answers: { 200: dependentTypesResponse, ...badBody, ...holderErrors },
} as const satisfies Operation
