import { type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { LinkButton } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-row";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import {
  InputField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import { formatMoney } from "~/utils/money";
import { sandboxPaymentSchema } from "~/validation/checkout";
import { useIsPending } from "~/components/use-is-pending";
import { useLanguage, useT } from "~/utils/i18n";

// The checkout's forms (SPEC §2 Checkout): the sandbox's card form, and issuing
// the card after a payment that went through.

export function SandboxPaymentForm({
  amount,
  feeText,
  requestId,
  defaults,
  result,
}: {
  amount: string;
  /** What the button charges: the fee. */
  feeText: string;
  requestId: number;
  defaults: { cardNumber: string; expiry: string; cvc: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "sandbox-payment",
    schema: sandboxPaymentSchema,
    lastResult: result,
    defaultValue: defaults,
  });
  const pending = useIsPending({ formData: { intent: "pay" } });
  const t = useT("checkout");
  return (
    <Card title={t("paymentDetails")}>
      <SchemaForm form={form} method="post" className="space-y-4">
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="amount" value={amount} />
        <input type="hidden" name="requestId" value={requestId} />
        <InputField
          label={t("form.cardNumber")}
          field={fields.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t("form.expiry")}
            field={fields.expiry}
            autoComplete="cc-exp"
          />
          <InputField
            label={t("form.cvc")}
            field={fields.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
          />
        </div>
        <p className="text-sm text-gray-700">{t("form.sandboxNote")}</p>
        <FormError
          id={form.errorId}
          title={t("form.failed")}
          errors={form.errors}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={pending} pendingLabel={t("form.processing")}>
            {t("form.pay", { amount: feeText })}
          </SubmitButton>
          <LinkButton to="/request" variant="secondary">
            {t("form.cancel")}
          </LinkButton>
        </div>
      </SchemaForm>
    </Card>
  );
}

/** The form post that issues the card of a paid (or company-paid, confirmed) request. */
function IssueCardForm({
  amount,
  requestId,
  label,
  className = "mt-4",
}: {
  amount: string;
  requestId: number;
  label: string;
  className?: string;
}) {
  const pending = useIsPending({ formData: { intent: "issue-card" } });
  const t = useT("checkout");
  return (
    <Form method="post" className={`flex flex-wrap gap-3 ${className}`}>
      <input type="hidden" name="intent" value="issue-card" />
      <input type="hidden" name="amount" value={amount} />
      <input type="hidden" name="requestId" value={requestId} />
      <SubmitButton pending={pending} pendingLabel={t("issue.creating")}>
        {label}
      </SubmitButton>
      <LinkButton to="/" variant="secondary">
        {t("issue.goToDashboard")}
      </LinkButton>
    </Form>
  );
}

export function IssueCardPanel({
  amount,
  requestId,
  companyPays = false,
  noFee = false,
}: {
  amount: string;
  requestId: number;
  /** Confirmed with the fee paid by the company: nothing was authorized on their card. */
  companyPays?: boolean;
  /** Confirmed with a fee of $0.00: nothing was authorized on their card. */
  noFee?: boolean;
}) {
  const t = useT("checkout");
  const money = formatMoney(amount, useLanguage());
  return (
    <Card
      title={companyPays || noFee ? t("issue.confirmed") : t("issue.received")}
    >
      <p className="text-gray-800">
        {t(
          companyPays
            ? "issue.companyPaysNotCreated"
            : noFee
              ? "issue.noFeeNotCreated"
              : "issue.feeAuthorizedNotCreated",
          { amount: money },
        )}
      </p>
      <IssueCardForm
        amount={amount}
        requestId={requestId}
        label={t("issue.createCard")}
      />
    </Card>
  );
}

/**
 * The company pays the fee: nothing to pay, so no card form. The employee
 * confirms the advance whose cost the page has just shown, and the card is issued.
 */
export function ConfirmNoCostPanel({
  amount,
  requestId,
}: {
  amount: string;
  requestId: number;
}) {
  const t = useT("checkout");
  return (
    <div data-testid="no-cost-confirm">
      <Card>
        <IssueCardForm
          amount={amount}
          requestId={requestId}
          label={t("noCost.getCard")}
          className=""
        />
      </Card>
    </div>
  );
}
