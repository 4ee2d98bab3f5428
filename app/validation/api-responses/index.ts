// The JSON shapes the /api routes answer with, as zod schemas: the OpenAPI document
// (app/web/openapi.server.ts) is generated from them and from the request schemas the
// routes parse with, and the contract tests validate real responses against that document.

export { messageSchema, validationErrorSchema } from "./common";
export {
  userSchema,
  employeeRecordSchema,
  employeeListItemSchema,
  employeeApiItemSchema,
  offboardedSchema,
} from "./people";
export {
  advanceRequestSchema,
  pendingRequestSchema,
  requestSummarySchema,
  advanceQuoteSchema,
} from "./advances";
export {
  virtualCardSchema,
  ownCardSchema,
  cardDecisionSchema,
  realTimeAuthorizationSchema,
  issuedCardSchema,
  sandboxPaymentResultSchema,
  clientSecretSchema,
  webhookAckSchema,
  cardDisplayKeyResponseSchema,
} from "./cards";
export { invitationSchema, payScheduleResponseSchema } from "./companies";
export {
  deductionSchema,
  payrollRunSummarySchema,
  payrollRunSchema,
  deductionCollectedSchema,
  creditPayoutResponseSchema,
} from "./payroll";
export {
  apiKeySchema,
  createdApiKeySchema,
  webhookEndpointSchema,
  webhookDeliverySchema,
  createdWebhookEndpointSchema,
} from "./integrations";
export { complaintSchema, queuedComplaintSchema } from "./complaints";
