/**
 * Contracts and the people on them as the server sends them (spec §3), and the contract's terms
 * (spec §7). The contract is the largest answer: photos and attachments travel inside it.
 */
import * as v from 'valibot'
import { emptyObjectRequest, nullableString, queryObject } from './http'

export const base64File = v.object({ base_64: v.string() })

export const fileAttachment = v.object({
  id: v.string(),
  name: v.string(),
  content_type: v.string(),
  person_id: nullableString,
  file_attachment_id: nullableString,
  file_attachment: v.nullish(base64File, null),
})
export type FileAttachment = v.InferOutput<typeof fileAttachment>

export const person = v.object({
  id: v.string(),
  name: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  birth_date: nullableString,
  gender: nullableString,
  email: nullableString,
  image: v.nullish(base64File, null),
  documents: v.object({
    id: v.string(),
    rg: nullableString,
    cpf: nullableString,
    passport: nullableString,
    birth_certificate: nullableString,
  }),
  phone: v.object({ id: v.string(), number_ddi: nullableString, number: nullableString }),
  address: v.object({
    id: v.string(),
    cep: nullableString,
    state: nullableString,
    city: nullableString,
    country: nullableString,
    street: nullableString,
    neighborhood: nullableString,
    number: nullableString,
    complement: nullableString,
  }),
  files_attached: v.array(fileAttachment),
})
export type Person = v.InferOutput<typeof person>

export const holder = v.object({
  id: v.string(),
  contract_id: v.string(),
  status: v.string(),
  updated_at: v.string(),
  person,
})
export type Holder = v.InferOutput<typeof holder>

export const dependentType = v.object({ id: v.string(), name: v.string() })
export type DependentType = v.InferOutput<typeof dependentType>

export const dependent = v.object({
  id: v.string(),
  status: v.string(),
  updated_at: v.string(),
  dependent_type: v.nullish(dependentType, null),
  person,
})
export type Dependent = v.InferOutput<typeof dependent>

export const modelContractDocument = v.object({
  id: v.string(),
  name: v.string(),
  content_type: v.string(),
  file_attachment: v.nullish(base64File, null),
})
export type ModelContractDocument = v.InferOutput<typeof modelContractDocument>

/** Which registration fields the contract requires (field name → required). */
export const mandatoryData = v.record(v.string(), v.boolean())

export const contract = v.object({
  id: v.string(),
  status: v.string(),
  serie: nullableString,
  contract_number: nullableString,
  created_at: v.string(),
  date_time: nullableString,
  expiration: nullableString,
  terms: v.boolean(),
  holder_name: v.string(),
  holder: v.nullish(holder, null),
  model_contract: v.object({
    id: v.string(),
    name: v.string(),
    model_contract_documents: v.array(modelContractDocument),
  }),
  dependents: v.array(dependent),
  dependents_included: v.number(),
  holder_mandatory_data: mandatoryData,
  dependent_mandatory_data: mandatoryData,
})
export type Contract = v.InferOutput<typeof contract>

export const contractList = v.array(contract)

// ---------------------------------------------------------------- contract terms (spec §7)

/** GET /client/term/contract?id=… : whose purchase terms to show (a non-uuid id answers 404). */
export const termContractQuery = queryObject({
  id: v.pipe(
    v.string('Informe o contrato (id).'),
    v.trim(),
    v.nonEmpty('Informe o contrato (id).'),
  ),
})

/** POST /client/term/contract/acept/:contractId : no body, or an empty JSON object. */
export const acceptTermRequest = emptyObjectRequest

/** GET /client/view-contract/:id : the signed adhesion term, a PDF in base64 (text/plain). */
export const adhesionTermPdf = v.pipe(v.string(), v.nonEmpty(), v.base64())
