import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError } from "~/components/ui/field";
import { formatMoney } from "~/utils/money";
import { sandboxPaymentSchema } from "~/validation/checkout";
import { useIsPending } from "~/components/use-is-pending";

// The checkout's forms (SPEC §2 Checkout, decision 1500): the sandbox's card form, and issuing
// the card after a payment that went through.

export function SandboxPaymentForm({
  amount,
  requestId,
  defaults,
  result,
}: {
  amount: string;
  requestId: number;
  defaults: { cardNumber: string; expiry: string; cvc: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "sandbox-payment",
    lastResult: result,
    defaultValue: defaults,
    constraint: getZodConstraint(sandboxPaymentSchema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: sandboxPaymentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending({ formData: { intent: "pay" } });
  return (
    <Card title="Payment details">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="pay" />
        <input type="hidden" name="amount" value={amount} />
        <input type="hidden" name="requestId" value={requestId} />
        <Field
          label="Card number"
          errors={fields.cardNumber.errors}
          inputProps={{
            ...getInputProps(fields.cardNumber, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "cc-number",
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Expiry (MM / YY)"
            errors={fields.expiry.errors}
            inputProps={{
              ...getInputProps(fields.expiry, { type: "text" }),
              autoComplete: "cc-exp",
            }}
          />
          <Field
            label="CVC"
            errors={fields.cvc.errors}
            inputProps={{
              ...getInputProps(fields.cvc, { type: "text" }),
              inputMode: "numeric",
              autoComplete: "cc-csc",
            }}
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
            {pending ? "Processing..." : `Pay ${formatMoney(amount)}`}
          </Button>
          <LinkButton to="/request" variant="secondary">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </Card>
  );
}

export function IssueCardPanel({
  amount,
  requestId,
}: {
  amount: string;
  requestId: number;
}) {
  const pending = useIsPending({ formData: { intent: "issue-card" } });
  return (
    <Card title="Payment received">
      <p className="text-gray-800">
        The hold of {formatMoney(amount)} on your card is in place, but your
        grocery card has not been created yet. Only the processing fee will be
        charged when it is; the rest of the hold is released.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="issue-card" />
        <input type="hidden" name="amount" value={amount} />
        <input type="hidden" name="requestId" value={requestId} />
        <Button type="submit" disabled={pending}>
          {pending ? "Creating card..." : "Create My Grocery Card"}
        </Button>
        <LinkButton to="/" variant="secondary">
          Go to Dashboard
        </LinkButton>
      </Form>
    </Card>
  );
}
