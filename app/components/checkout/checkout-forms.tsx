import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { InputField, useSchemaForm } from "~/components/ui/schema-form";
import { formatMoney } from "~/utils/money";
import { sandboxPaymentSchema } from "~/validation/checkout";
import { useIsPending } from "~/components/use-is-pending";

// The checkout's forms (SPEC §2 Checkout, decision 0047): the sandbox's card form, and issuing
// the card after a payment that went through.

export function SandboxPaymentForm({
  amount,
  feeText,
  requestId,
  defaults,
  result,
}: {
  amount: string;
  /** What the button charges: the fee (decision 0075). */
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
  return (
    <Card title="Payment details">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="amount" value={amount} />
        <input type="hidden" name="requestId" value={requestId} />
        <InputField
          label="Card number"
          field={fields.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Expiry (MM / YY)"
            field={fields.expiry}
            autoComplete="cc-exp"
          />
          <InputField
            label="CVC"
            field={fields.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
          />
        </div>
        <p className="text-sm text-gray-700">
          Sandbox payments: no real card is charged. 4242 4242 4242 4242 pays;
          4000 0000 0000 0002 is declined.
        </p>
        <FormError
          id={form.errorId}
          title="Payment failed"
          errors={form.errors}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Processing..." : `Pay ${feeText}`}
          </Button>
          <LinkButton to="/request" variant="secondary">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </Card>
  );
}

/** The form post that issues the card of a paid (or company-paid, confirmed) request. */
function IssueCardForm({
  amount,
  requestId,
  label,
}: {
  amount: string;
  requestId: number;
  label: string;
}) {
  const pending = useIsPending({ formData: { intent: "issue-card" } });
  return (
    <Form method="post" className="mt-4 flex flex-wrap gap-3">
      <input type="hidden" name="intent" value="issue-card" />
      <input type="hidden" name="amount" value={amount} />
      <input type="hidden" name="requestId" value={requestId} />
      <Button type="submit" disabled={pending}>
        {pending ? "Creating card..." : label}
      </Button>
      <LinkButton to="/" variant="secondary">
        Go to Dashboard
      </LinkButton>
    </Form>
  );
}

export function IssueCardPanel({
  amount,
  requestId,
  companyPays = false,
}: {
  amount: string;
  requestId: number;
  /** Confirmed with the fee paid by the company: nothing was authorized on their card. */
  companyPays?: boolean;
}) {
  return (
    <Card title={companyPays ? "Advance confirmed" : "Payment received"}>
      <p className="text-gray-800">
        {companyPays
          ? `Your company pays the processing fee, and nothing is charged to your card, but your grocery card of ${formatMoney(amount)} has not been created yet.`
          : `The processing fee is authorized on your card, but your grocery card of ${formatMoney(amount)} has not been created yet. The fee is charged when it is; if it cannot be, the authorization is released.`}
      </p>
      <IssueCardForm
        amount={amount}
        requestId={requestId}
        label="Create My Grocery Card"
      />
    </Card>
  );
}

/**
 * The company pays the fee (decision 0081): nothing to pay, so no card form. The employee
 * confirms the advance they have just read the cost of, and the card is issued.
 */
export function ConfirmNoCostPanel({
  amount,
  requestId,
}: {
  amount: string;
  requestId: number;
}) {
  return (
    <Card title="Confirm your advance">
      <p className="text-gray-800" data-testid="no-cost-confirm">
        Your company pays the processing fee, so there is nothing to pay. Get
        your grocery card of {formatMoney(amount)} now; payroll repays the
        advance on the dates above.
      </p>
      <IssueCardForm
        amount={amount}
        requestId={requestId}
        label="Get my card"
      />
    </Card>
  );
}
