// Advances: an advance from request to approval, decline, cancellation and its payment.
// The domain's public face: code outside app/models/advances/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  exceedsBalance,
  NOT_LINKED,
  ONLY_EMPLOYEES,
  requestAdvance,
  toPublicAdvance,
} from "./advance.server";
export { countOwnRequests, listOwnRequests } from "./own-requests.server";
export {
  getRequestPage,
  quoteForEmployee,
  type RequestPage,
} from "./request-page.server";
export {
  listDeductionAuthorizations,
  signDeductionAuthorization,
  withdrawDeductionAuthorization,
} from "./deduction-authorization.server";
export {
  ALREADY_DECIDED,
  applyApproval,
  BALANCE_NO_LONGER_COVERS,
} from "./approval-core.server";
export {
  approveAdvance,
  declineAdvance,
  requestApproved,
  requestDeclined,
} from "./approval.server";
export {
  ALREADY_CANCELLED,
  applyCancellation,
  APPROVAL_EXPIRED,
  CANNOT_CANCEL_DECLINED,
  CANNOT_CANCEL_PAID,
  CARD_FAILED_FEE_REFUNDED,
  CARD_FAILED_HOLD_RELEASED,
  CARD_FAILED_SETTLING,
  EXPIRED_REASON,
  UNPAID_EXPIRY_DAYS,
} from "./cancel-core.server";
export { cancelAdvance, expireUnpaidAdvances } from "./cancel.server";
export {
  ADVANCE_NOT_FOUND,
  authorizedIntent,
  CANCELLED,
  COMPANY_PAYS_FEE,
  NO_FEE_TO_PAY,
  createPaymentIntent,
  DECLINED,
  findAdvance,
  findPayableAdvance,
  markPaid,
  NOT_APPROVED,
  NOT_PAID,
  type PayableAdvance,
  paymentSucceeded,
  payWithSandboxCard,
  recordPayment,
} from "./payment.server";
export {
  giveUpOnCard,
  refuseExpiredApproval,
  settleOrLeaveForLater,
} from "./settlement.server";
export {
  type ApprovablePending,
  getAdvanceRequest,
  getPendingRequest,
  listPendingRequests,
  pagePendingRequests,
  pagePendingRequestsJson,
  publicAdvanceColumns,
  STREAM_CHUNK,
  pageAllRequestsJson,
  pageEmployerRequestSummariesJson,
  streamAllRequests,
  streamEmployerRequestSummaries,
  withApprovalCheck,
} from "./employer-requests.server";
export { requestNoticeFacts } from "./notice-facts.server";
