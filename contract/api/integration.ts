/**
 * The provider's integration API (issue 25, decision 019), under `/integration/v1`: its own
 * keys (`Authorization: Bearer ptk_…`) with scopes, never a holder's session; every error a
 * problem detail (RFC 9457) with one entry per field.
 */
import {
  badBodyProblems,
  cancelRequest,
  cardLayoutRequest,
  cardPage,
  cardUpsertRequest,
  contract,
  contractPage,
  contractUpsertRequest,
  dependent,
  dependentUpsertRequest,
  externalIdParam,
  idempotencyHeader,
  instalment,
  instalmentPage,
  instalmentUpsertRequest,
  keyInfo,
  keyProblems,
  listQuery,
  markPaidRequest,
  member,
  memberCard,
  memberPage,
  memberUpsertRequest,
  plan,
  planCardLayout,
  planDocument,
  planDocumentList,
  planDocumentParams,
  planDocumentUpsertRequest,
  planPage,
  planUpsertRequest,
  problemResponse,
} from '../integration'
import type { Operation } from '../operation'

const problem = problemResponse

export const integrationKey = {
  id: 'integrationKey',
  method: 'GET',
  path: '/integration/v1/key',
  summary: 'A chave usada nesta chamada: nome, final e escopos (para conferir uma chave nova).',
  tag: 'integration',
  access: 'integration',
  scope: 'any',
  answers: { 200: keyInfo, ...keyProblems },
} as const satisfies Operation

export const listPlans = {
  id: 'listPlans',
  method: 'GET',
  path: '/integration/v1/plans',
  summary: 'Os planos (modelos de contrato), em páginas com cursor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  query: listQuery,
  answers: { 200: planPage, 400: problem, ...keyProblems },
} as const satisfies Operation

export const getPlan = {
  id: 'getPlan',
  method: 'GET',
  path: '/integration/v1/plans/by-external-id/{externalId}',
  summary: 'Um plano, pelo id do provedor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: plan, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertPlan = {
  id: 'upsertPlan',
  method: 'PUT',
  path: '/integration/v1/plans/by-external-id/{externalId}',
  summary:
    'Cria (201) ou atualiza (200) um plano pelo id do provedor; igual ao que já está, não grava nada.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:write',
  params: externalIdParam,
  body: planUpsertRequest,
  answers: { 200: plan, 201: plan, ...badBodyProblems, ...keyProblems },
} as const satisfies Operation

const cardLayoutPath = '/integration/v1/plans/by-external-id/{externalId}/card-layout'

export const getPlanCardLayout = {
  id: 'getPlanCardLayout',
  method: 'GET',
  path: cardLayoutPath,
  summary:
    'O layout da carteirinha do plano (frente e verso, HTML com {{campos}}); sem um próprio, o do portal.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: planCardLayout, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const putPlanCardLayout = {
  id: 'putPlanCardLayout',
  method: 'PUT',
  path: cardLayoutPath,
  summary:
    'Troca o layout das carteirinhas do plano: HTML com estilos inline, imagens data: e os campos {{nome}}, {{matricula}}, {{validade}}, {{status}}, {{titular}}, {{contrato}}, {{serie}}, {{plano}}, {{foto}}.',
  tag: 'integration',
  access: 'integration',
  scope: 'cards:write',
  params: externalIdParam,
  body: cardLayoutRequest,
  answers: { 200: planCardLayout, ...badBodyProblems, ...keyProblems, 404: problem },
} as const satisfies Operation

export const deletePlanCardLayout = {
  id: 'deletePlanCardLayout',
  method: 'DELETE',
  path: cardLayoutPath,
  summary: 'Volta as carteirinhas do plano ao layout do portal.',
  tag: 'integration',
  access: 'integration',
  scope: 'cards:write',
  params: externalIdParam,
  answers: { 204: { empty: true }, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

const planDocumentPath =
  '/integration/v1/plans/by-external-id/{externalId}/documents/{documentExternalId}'

export const listPlanDocuments = {
  id: 'listPlanDocuments',
  method: 'GET',
  path: '/integration/v1/plans/by-external-id/{externalId}/documents',
  summary: 'Os documentos do plano que o titular vê em "Documentos gerais" (sem o conteúdo).',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: planDocumentList, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertPlanDocument = {
  id: 'upsertPlanDocument',
  method: 'PUT',
  path: planDocumentPath,
  summary:
    'Cria (201) ou substitui (200) um documento do plano (PDF, PNG ou JPEG em base64, até 5 MB); igual ao que já está, não grava nada.',
  tag: 'integration',
  access: 'integration',
  scope: 'documents:write',
  params: planDocumentParams,
  body: planDocumentUpsertRequest,
  answers: { 200: planDocument, 201: planDocument, ...badBodyProblems, ...keyProblems },
} as const satisfies Operation

export const deletePlanDocument = {
  id: 'deletePlanDocument',
  method: 'DELETE',
  path: planDocumentPath,
  summary: 'Remove um documento do plano: os titulares deixam de vê-lo.',
  tag: 'integration',
  access: 'integration',
  scope: 'documents:write',
  params: planDocumentParams,
  answers: { 204: { empty: true }, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

/** A provider's write on what a holder may edit (decision 019): the version it read, or 412. */
const ifMatch = {
  'If-Match': {
    required: false,
    description:
      'A versão lida (o ETag). Obrigatório depois de uma edição do titular no portal; sem ele, a escrita só vale se o último a escrever foi o provedor.',
  },
} as const

const byExternalId = (resource: string) => `/integration/v1/${resource}/by-external-id/{externalId}`

export const listMembers = {
  id: 'listMembers',
  method: 'GET',
  path: '/integration/v1/members',
  summary: 'As pessoas (titulares e dependentes), em páginas com cursor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  query: listQuery,
  answers: { 200: memberPage, 400: problem, ...keyProblems },
} as const satisfies Operation

export const getMember = {
  id: 'getMember',
  method: 'GET',
  path: byExternalId('members'),
  summary: 'Uma pessoa, pelo id do provedor, com a versão (ETag) e quem escreveu por último.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: member, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertMember = {
  id: 'upsertMember',
  method: 'PUT',
  path: byExternalId('members'),
  summary:
    'Cria (201) ou atualiza (200) uma pessoa. Depois de uma edição do titular, só com If-Match (412 sem ele ou com versão antiga).',
  tag: 'integration',
  access: 'integration',
  scope: 'members:write',
  params: externalIdParam,
  headers: ifMatch,
  body: memberUpsertRequest,
  answers: {
    200: member,
    201: member,
    ...badBodyProblems,
    ...keyProblems,
    412: problem,
    422: problem,
  },
} as const satisfies Operation

export const listProviderContracts = {
  id: 'listProviderContracts',
  method: 'GET',
  path: '/integration/v1/contracts',
  summary: 'Os contratos, com titular e dependentes, em páginas com cursor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  query: listQuery,
  answers: { 200: contractPage, 400: problem, ...keyProblems },
} as const satisfies Operation

export const getProviderContract = {
  id: 'getProviderContract',
  method: 'GET',
  path: byExternalId('contracts'),
  summary: 'Um contrato, pelo id do provedor, com o titular, os dependentes e o aceite dos termos.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: contract, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertProviderContract = {
  id: 'upsertProviderContract',
  method: 'PUT',
  path: byExternalId('contracts'),
  summary:
    'Cria (201) ou atualiza (200) um contrato: plano, titular, status, série e número, datas, dependentes incluídos, campos obrigatórios.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:write',
  params: externalIdParam,
  body: contractUpsertRequest,
  answers: { 200: contract, 201: contract, ...badBodyProblems, ...keyProblems, 422: problem },
} as const satisfies Operation

export const getDependent = {
  id: 'getDependent',
  method: 'GET',
  path: byExternalId('dependents'),
  summary: 'Um dependente, pelo id do provedor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: dependent, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertDependent = {
  id: 'upsertDependent',
  method: 'PUT',
  path: byExternalId('dependents'),
  summary:
    'Cria (201) ou atualiza (200) um dependente de um contrato; a regra de If-Match vale como para as pessoas.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:write',
  params: externalIdParam,
  headers: ifMatch,
  body: dependentUpsertRequest,
  answers: {
    200: dependent,
    201: dependent,
    ...badBodyProblems,
    ...keyProblems,
    412: problem,
    422: problem,
  },
} as const satisfies Operation

export const listProviderInstalments = {
  id: 'listProviderInstalments',
  method: 'GET',
  path: '/integration/v1/instalments',
  summary: 'As parcelas, em páginas com cursor.',
  tag: 'integration',
  access: 'integration',
  scope: 'billing:read',
  query: listQuery,
  answers: { 200: instalmentPage, 400: problem, ...keyProblems },
} as const satisfies Operation

export const getInstalment = {
  id: 'getInstalment',
  method: 'GET',
  path: byExternalId('instalments'),
  summary: 'Uma parcela, pelo id do provedor: status, valores e por onde foi paga.',
  tag: 'integration',
  access: 'integration',
  scope: 'billing:read',
  params: externalIdParam,
  answers: { 200: instalment, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertInstalment = {
  id: 'upsertInstalment',
  method: 'PUT',
  path: byExternalId('instalments'),
  summary:
    'Cria (201) ou atualiza (200) uma parcela. Uma parcela paga ou cancelada não muda (409); mudar o valor ou o vencimento encerra as cobranças em aberto dela.',
  tag: 'integration',
  access: 'integration',
  scope: 'billing:write',
  params: externalIdParam,
  body: instalmentUpsertRequest,
  answers: {
    200: instalment,
    201: instalment,
    ...badBodyProblems,
    ...keyProblems,
    409: problem,
    422: problem,
    502: problem,
  },
} as const satisfies Operation

export const markInstalmentPaid = {
  id: 'markInstalmentPaid',
  method: 'POST',
  path: `${byExternalId('instalments')}/mark-paid`,
  summary:
    'Registra o pagamento feito fora do portal (forma e referência). 409 se o portal já recebeu esta parcela; 422 se amount é menor que o devido no dia de paidAt (valor − desconto, mais multa e juros se em atraso) ou se paidAt está no futuro; as cobranças em aberto dela são encerradas.',
  tag: 'integration',
  access: 'integration',
  scope: 'billing:write',
  params: externalIdParam,
  headers: idempotencyHeader,
  body: markPaidRequest,
  answers: {
    200: instalment,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
    502: problem,
  },
} as const satisfies Operation

export const cancelInstalment = {
  id: 'cancelInstalment',
  method: 'POST',
  path: `${byExternalId('instalments')}/cancel`,
  summary:
    'Cancela uma parcela em aberto: some da lista do titular e as cobranças em aberto dela são encerradas no banco e no gateway. 409 se já foi paga.',
  tag: 'integration',
  access: 'integration',
  scope: 'billing:write',
  params: externalIdParam,
  headers: idempotencyHeader,
  body: cancelRequest,
  bodyOptional: true,
  answers: {
    200: instalment,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
    502: problem,
  },
} as const satisfies Operation

export const listProviderCards = {
  id: 'listProviderCards',
  method: 'GET',
  path: '/integration/v1/cards',
  summary: 'As carteirinhas, em páginas com cursor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  query: listQuery,
  answers: { 200: cardPage, 400: problem, ...keyProblems },
} as const satisfies Operation

export const getCard = {
  id: 'getCard',
  method: 'GET',
  path: byExternalId('cards'),
  summary: 'Uma carteirinha, pelo id do provedor.',
  tag: 'integration',
  access: 'integration',
  scope: 'members:read',
  params: externalIdParam,
  answers: { 200: memberCard, 400: problem, ...keyProblems, 404: problem },
} as const satisfies Operation

export const upsertCard = {
  id: 'upsertCard',
  method: 'PUT',
  path: byExternalId('cards'),
  summary:
    'Cria (201) ou atualiza (200) uma carteirinha: pessoa, contrato, código, status e validade.',
  tag: 'integration',
  access: 'integration',
  scope: 'cards:write',
  params: externalIdParam,
  body: cardUpsertRequest,
  answers: { 200: memberCard, 201: memberCard, ...badBodyProblems, ...keyProblems, 422: problem },
} as const satisfies Operation

export const blockCard = {
  id: 'blockCard',
  method: 'POST',
  path: `${byExternalId('cards')}/block`,
  summary:
    'Bloqueia a carteirinha: some do app na próxima sincronização e o passe assinado deixa de valer quando expira (PASS_TTL).',
  tag: 'integration',
  access: 'integration',
  scope: 'cards:write',
  params: externalIdParam,
  headers: idempotencyHeader,
  bodyOptional: true,
  body: cancelRequest,
  answers: {
    200: memberCard,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
  },
} as const satisfies Operation

export const unblockCard = {
  id: 'unblockCard',
  method: 'POST',
  path: `${byExternalId('cards')}/unblock`,
  summary: 'Desbloqueia a carteirinha (volta a ACTIVE).',
  tag: 'integration',
  access: 'integration',
  scope: 'cards:write',
  params: externalIdParam,
  headers: idempotencyHeader,
  bodyOptional: true,
  body: cancelRequest,
  answers: {
    200: memberCard,
    ...badBodyProblems,
    ...keyProblems,
    404: problem,
    409: problem,
    422: problem,
  },
} as const satisfies Operation
