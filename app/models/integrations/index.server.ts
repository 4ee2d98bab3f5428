// Integrations: what outside systems use: API keys, idempotency keys, signed webhooks.
// The domain's public face: code outside app/models/integrations/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  API_KEY_NOT_FOUND,
  type ApiKeyActor,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  revokeApiKeysCreatedBy,
  liveApiKey,
} from "./api-keys.server";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  disabledCause as webhookDisabledCause,
  enableWebhookEndpoint,
  listWebhookEndpoints,
  pageWebhookEndpoints,
  WEBHOOK_ENDPOINT_NOT_FOUND,
} from "./webhook-endpoints.server";
export {
  emitEmployeeJoined,
  emitWebhook,
  requeueWebhooksWithoutJob,
  WEBHOOK_TASK,
} from "./webhook-queue.server";
export {
  deliverWebhook,
  dueWebhookDeliveries,
  isDeliveryFailure,
} from "./webhook-delivery.server";
export {
  listWebhookDeliveries,
  resendWebhookDelivery,
  WEBHOOK_DELIVERY_NOT_FOUND,
} from "./webhook-log.server";
export {
  ENDPOINT_DISABLED_FOR_TEST,
  getWebhookEndpoint,
  listEndpointDeliveries,
  redeliverWebhook,
  rotateWebhookSecret,
  SECRET_OVERLAP_HOURS,
  sendTestWebhook,
  TEST_EVENT_MESSAGE,
  updateWebhookEndpoint,
} from "./webhook-operations.server";
export {
  checkIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  keepsIdempotentResponse,
  purgeIdempotencyKeys,
  releaseIdempotencyKey,
  requestFingerprint,
  type ResponseSecrets,
} from "./idempotency.server";
export {
  type ConnectedCompany,
  isAssisted as isAssistedPayroll,
} from "./payroll-types.server";
export {
  completePayrollConnect,
  connectedCompanies,
  CONNECT_STATE_MINUTES,
  disconnectPayroll,
  openPayrollConnect,
  payrollAccessToken,
  payrollConnectionRecord,
  type PayrollConnectionRecord,
  recordPayrollSync,
} from "./payroll-connection.server";
export {
  ensurePayrollAuthType,
  ensurePayrollDeduction,
  linkPayrollIndividuals,
  payrollConnectionOf,
  recordFinchFault,
  recordNetPay,
  setPayrollConnectionStatus,
} from "./payroll-link.server";
