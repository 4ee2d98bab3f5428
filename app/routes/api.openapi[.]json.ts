import { openApiDocument } from "~/web/openapi.server";
import { methodNotAllowed } from "~/web/api.server";
import * as user from "./api.user";
import * as login from "./api.login";
import * as register from "./api.register";
import * as logout from "./api.logout";
import * as employee from "./api.employee";
import * as ownRequests from "./api.advance-requests.employee";
import * as requestAdvance from "./api.advance-requests";
import * as quote from "./api.advance-quote";
import * as deductions from "./api.payroll-deductions.upcoming";
import * as cards from "./api.virtual-cards";
import * as freeze from "./api.virtual-cards.$id.freeze";
import * as unfreeze from "./api.virtual-cards.$id.unfreeze";
import * as cardDisplayKey from "./api.virtual-cards.$id.ephemeral-key";
import * as sandboxPurchase from "./api.sandbox.card-authorizations";
import * as sandboxPayment from "./api.sandbox.payments";
import * as employees from "./api.employees";
import * as pending from "./api.advance-requests.pending";
import * as all from "./api.advance-requests.all";
import * as advanceRequest from "./api.advance-requests.$id";
import * as approve from "./api.advance-requests.$id.approve";
import * as decline from "./api.advance-requests.$id.decline";
import * as cancel from "./api.advance-requests.$id.cancel";
import * as summaries from "./api.employer.advance-requests";
import * as paymentIntent from "./api.create-payment-intent";
import * as groceryCard from "./api.create-grocery-card";
import * as webhook from "./api.stripe.webhook";
import * as events from "./api.events";
import * as invitations from "./api.invitations";
import * as invitation from "./api.invitations.$id";
import * as resendInvitation from "./api.invitations.$id.resend";
import * as revokeInvitation from "./api.invitations.$id.revoke";
import * as closeCard from "./api.virtual-cards.$id.close";
import * as paySchedule from "./api.pay-schedule";
import * as payrollRuns from "./api.payroll-runs";
import * as payrollRun from "./api.payroll-runs.$id";
import * as payrollResults from "./api.payroll-runs.$id.results";
import * as offboard from "./api.employees.$id.offboard";
import * as creditPayout from "./api.employees.$id.credit-payout";
import * as apiKeys from "./api.api-keys.($id)";
import * as webhookEndpoints from "./api.webhook-endpoints.($id)";
import * as enableWebhookEndpoint from "./api.webhook-endpoints.$id.enable";
import * as complaints from "./api.complaints";
import * as companyComplaints from "./api.company-complaints";
import * as reviewComplaint from "./api.company-complaints.$id.review";
import * as resolveComplaint from "./api.company-complaints.$id.resolve";
import * as webhookDeliveries from "./api.webhook-endpoints.$id.deliveries";
import * as redeliver from "./api.webhook-endpoints.$id.deliveries.$deliveryId.redeliver";
import * as testWebhook from "./api.webhook-endpoints.$id.[test]";
import * as rotateSecret from "./api.webhook-endpoints.$id.rotate-secret";

/** Every JSON endpoint's contract, in the order the reference lists them. */
export const API_CONTRACTS = [
  user,
  login,
  register,
  logout,
  employee,
  ownRequests,
  requestAdvance,
  quote,
  deductions,
  cards,
  freeze,
  unfreeze,
  cardDisplayKey,
  closeCard,
  sandboxPurchase,
  sandboxPayment,
  employees,
  pending,
  all,
  advanceRequest,
  approve,
  decline,
  cancel,
  summaries,
  { contract: invitations.listContract },
  invitations,
  invitation,
  resendInvitation,
  revokeInvitation,
  offboard,
  creditPayout,
  { contract: paySchedule.listContract },
  paySchedule,
  { contract: payrollRuns.listContract },
  payrollRuns,
  payrollRun,
  payrollResults,
  { contract: apiKeys.listContract },
  apiKeys,
  { contract: apiKeys.removeContract },
  { contract: webhookEndpoints.listContract },
  webhookEndpoints,
  { contract: webhookEndpoints.removeContract },
  { contract: webhookEndpoints.updateContract },
  enableWebhookEndpoint,
  { contract: complaints.listContract },
  complaints,
  companyComplaints,
  reviewComplaint,
  resolveComplaint,
  webhookDeliveries,
  redeliver,
  testWebhook,
  rotateSecret,
  paymentIntent,
  groceryCard,
  webhook,
  events,
].map((route) => route.contract);

/** The document's text exactly as it is served. */
export function openApiText(): string {
  return JSON.stringify(openApiDocument(API_CONTRACTS), null, 2);
}

// GET /api/openapi.json — the OpenAPI 3.1 document of the JSON API (public), built from the
// contracts above and nothing else.
export async function loader() {
  return new Response(openApiText(), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}

export async function action() {
  return methodNotAllowed("GET");
}
