/**
 * Every API path the browser and the service worker call (spec §7), relative to the API base
 * (`VITE_API_BASE`, `/socios-api` by default). Each must match an operation declared in
 * operations.ts, which the server's routes are registered from (server/routes/operations.test.ts),
 * so a renamed route cannot leave the app calling the old one.
 * The passkey calls are in passkey-paths.ts, so /login's first view does not carry them.
 * No schema library here: the worker imports it too.
 */
const segment = encodeURIComponent

export const apiPaths = {
  generateCode: '/client/generate-code',
  login: '/client/login',
  logout: '/client/logout',
  contracts: '/client/contracts',
  contract: (contractId: string) => `/client/contract/${segment(contractId)}`,
  terms: (contractId: string) => `/client/term/contract?id=${segment(contractId)}`,
  acceptTerms: (contractId: string) => `/client/term/contract/acept/${segment(contractId)}`,
  adhesionTerm: (contractId: string) => `/client/view-contract/${segment(contractId)}`,
  cards: '/client/rql/cards',
  cardLayouts: (cardId: string) => `/client/card-visualize/${segment(cardId)}`,
  passKeys: '/.well-known/jwks.json',
  photoHolder: '/client/photo-holder',
  addDependent: '/client/add-dependent',
  dependentTypes: '/rql/dependent-types',
  instalments: (contractId: string) => `/client/contract/payment-orders/${segment(contractId)}`,
  sendPaymentLink: (instalmentIds: readonly string[]) =>
    `/client/send-payment-link?ids=${segment(instalmentIds.join('|'))}`,
  instalmentReceipt: (instalmentId: string) => `/client/receipts/${segment(instalmentId)}`,
  instalmentCalendar: (contractId: string) =>
    `/client/contract/payment-orders/${segment(contractId)}/calendar`,
  reminderPreferences: '/client/reminder-preferences',
  paymentLink: (code: string) => `/checkout/payment-link?code=${segment(code)}`,
  payByCard: '/checkout/payment-link',
  payByBoleto: '/checkout/pix-boleto',
  generatePix: '/checkout/payment-link-pix',
  verifyPix: '/checkout/verify-link-pix',
  pixStatus: (code: string, txid: string) =>
    `/checkout/pix-status?code=${segment(code)}&txid=${segment(txid)}`,
  paidSummary: (code: string) => `/checkout/paid?code=${segment(code)}`,
  linkReceipt: (code: string) => `/checkout/receipt?code=${segment(code)}`,
} as const

/** The saves that wait on the device when the server cannot be reached (spec §7). */
export const outboxPaths = [apiPaths.photoHolder, apiPaths.addDependent] as const
export type OutboxPath = (typeof outboxPaths)[number]
