/**
 * Every operation the server answers under the API (issue 24), each declared once in
 * contract/api/, one file per group, so the app imports only the operations it calls. The demo's
 * own routes (/sandbox, /dev) are not here: they exist only in demo mode and are nobody's
 * contract. server/routes/operations.test.ts holds the server's route table to this list, both
 * ways and methods included; docs/api/openapi.json is made from it (scripts/openapi.ts), in
 * this order.
 */
import { generateCode, login, logout, logoutAll } from './api/access'
import { cardKeys, cardLayouts, listCards } from './api/cards'
import {
  generatePix,
  getPaymentLink,
  linkReceipt,
  paidSummary,
  payByBoleto,
  payByCard,
  pixStatus,
  verifyPix,
} from './api/checkout'
import { acceptTerms, adhesionTerm, getContract, getTerms, listContracts } from './api/contracts'
import {
  blockCard,
  cancelInstalment,
  deletePlanCardLayout,
  deletePlanDocument,
  getCard,
  getDependent,
  getInstalment,
  getMember,
  getPlan,
  getPlanCardLayout,
  getProviderContract,
  integrationKey,
  listMembers,
  listPlanDocuments,
  listPlans,
  listProviderCards,
  listProviderContracts,
  listProviderInstalments,
  markInstalmentPaid,
  putPlanCardLayout,
  unblockCard,
  upsertCard,
  upsertDependent,
  upsertInstalment,
  upsertMember,
  upsertPlan,
  upsertPlanDocument,
  upsertProviderContract,
} from './api/integration'
import {
  listPasskeys,
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegister,
  passkeyRegisterOptions,
  removePasskey,
} from './api/passkeys'
import { instalmentReceipt, listInstalments, sendPaymentLink } from './api/payments'
import {
  cancelPixAutomatico,
  enrolPixAutomatico,
  enrolPixAutomaticoByLink,
  getPixAutomatico,
  getPixAutomaticoByLink,
} from './api/pix-automatico'
import { personalData, personalDataPdf } from './api/privacy'
import {
  gatewayNotification,
  pixNotification,
  pixRecurrenceNotification,
  pixRecurringChargeNotification,
} from './api/providers'
import { addDependent, dependentTypes, saveHolder } from './api/registration'
import {
  getReminderPreferences,
  instalmentCalendar,
  saveReminderPreferences,
} from './api/reminders'
import { apiDocs, health, healthLive, healthReady, metrics, openApi } from './api/service'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listEvents,
  listWebhookDeliveries,
  listWebhookEndpoints,
  pingWebhookEndpoint,
  replayWebhookEvents,
  retryWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './api/webhooks'
import type { Operation } from './operation'

export const operations = [
  generateCode,
  login,
  logout,
  logoutAll,
  passkeyLoginOptions,
  passkeyLogin,
  passkeyRegisterOptions,
  passkeyRegister,
  listPasskeys,
  removePasskey,
  cardKeys,
  listContracts,
  getContract,
  getTerms,
  acceptTerms,
  adhesionTerm,
  saveHolder,
  addDependent,
  dependentTypes,
  listCards,
  cardLayouts,
  listInstalments,
  instalmentCalendar,
  instalmentReceipt,
  sendPaymentLink,
  enrolPixAutomatico,
  getPixAutomatico,
  cancelPixAutomatico,
  getReminderPreferences,
  saveReminderPreferences,
  personalData,
  personalDataPdf,
  getPaymentLink,
  payByCard,
  generatePix,
  verifyPix,
  pixStatus,
  payByBoleto,
  paidSummary,
  linkReceipt,
  enrolPixAutomaticoByLink,
  getPixAutomaticoByLink,
  pixNotification,
  pixRecurrenceNotification,
  pixRecurringChargeNotification,
  gatewayNotification,
  integrationKey,
  listPlans,
  getPlan,
  upsertPlan,
  listPlanDocuments,
  upsertPlanDocument,
  deletePlanDocument,
  getPlanCardLayout,
  putPlanCardLayout,
  deletePlanCardLayout,
  listMembers,
  getMember,
  upsertMember,
  listProviderContracts,
  getProviderContract,
  upsertProviderContract,
  getDependent,
  upsertDependent,
  listProviderInstalments,
  getInstalment,
  upsertInstalment,
  markInstalmentPaid,
  cancelInstalment,
  listProviderCards,
  getCard,
  upsertCard,
  blockCard,
  unblockCard,
  listEvents,
  listWebhookEndpoints,
  createWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  pingWebhookEndpoint,
  listWebhookDeliveries,
  retryWebhookDelivery,
  replayWebhookEvents,
  health,
  healthLive,
  healthReady,
  openApi,
  apiDocs,
  metrics,
] as const satisfies readonly Operation[]

export type OperationId = (typeof operations)[number]['id']

export const operationById = Object.fromEntries(
  operations.map((declared) => [declared.id, declared]),
) as { [K in OperationId]: Extract<(typeof operations)[number], { id: K }> }
