import {
  getInputProps,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SubmitButton, SubmitRow } from "~/components/ui/submit-row";
import { Card } from "~/components/ui/card";
import { CheckboxField, ErrorList, FormError } from "~/components/ui/field";
import {
  InputField,
  SelectField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import {
  closeCardSchema,
  SIMULATED_CATEGORIES,
  simulatePurchaseSchema,
  simulateRefundSchema,
} from "~/validation/card";
import { useIsPending } from "~/components/use-is-pending";
import { useMessageText, useT } from "~/utils/i18n";

// The card page's forms: freeze and unfreeze, and the sandbox purchase.

export type ActionData = {
  result?: SubmissionResult<string[]>;
  /** The close form's reply. */
  close?: SubmissionResult<string[]>;
  /** The sandbox refund form's reply. */
  refund?: SubmissionResult<string[]>;
  error?: string;
  /** The full details, only in the answer to "Show card details" (never in the loader). */
  revealed?: { number: string; expiry: string; cvc: string };
};

export function FreezeForm({
  frozen,
  error,
}: {
  frozen: boolean;
  error?: string;
}) {
  const pending = useIsPending({
    formData: { intent: ["freeze", "unfreeze"] },
  });
  const t = useT("cards");
  return (
    <Form method="post" className="space-y-2">
      <input
        type="hidden"
        name="intent"
        value={frozen ? "unfreeze" : "freeze"}
      />
      <p className="text-sm text-gray-700">
        {frozen ? t("freeze.frozen") : t("freeze.active")}
      </p>
      <Button
        type="submit"
        variant={frozen ? "primary" : "secondary"}
        disabled={pending}
      >
        {frozen ? t("freeze.unfreeze") : t("freeze.freeze")}
      </Button>
      <ErrorList errors={error ? [error] : null} />
    </Form>
  );
}

type SandboxField = FieldMetadata<
  string | number,
  Record<string, unknown>,
  string[]
>;

/**
 * A sandbox test tool of the card page (a pretend purchase, a pretend refund): its card, with
 * the test-tool badge and what the tool does, round a form that posts `kind` as its intent with
 * an amount and a shop's name; `children` end the form and `after` follows it.
 */
function SandboxTool<Schema extends Record<string, unknown>>({
  kind,
  form,
  fields,
  children,
  after,
}: {
  kind: "simulate" | "refund";
  form: FormMetadata<Schema, string[]>;
  fields: { amount: SandboxField; merchantName: SandboxField };
  children: ReactNode;
  after?: ReactNode;
}) {
  const t = useT("cards");
  return (
    <Card
      title={t(`${kind}.title`)}
      actions={<Badge tone="yellow">{t("simulate.badge")}</Badge>}
    >
      <p className="mb-4 text-sm text-gray-700">{t(`${kind}.intro`)}</p>
      <SchemaForm
        form={form}
        method="post"
        className="grid grid-cols-1 gap-4 lg:grid-cols-3"
      >
        <input type="hidden" name="intent" value={kind} />
        <InputField
          label={t(`${kind}.amount`)}
          prefix="$"
          field={fields.amount}
          inputMode="decimal"
          autoComplete="off"
        />
        <InputField
          label={t(`${kind}.merchantName`)}
          field={fields.merchantName}
          autoComplete="off"
        />
        {children}
      </SchemaForm>
      {after}
    </Card>
  );
}

export type Simulated = {
  approved: boolean;
  reason: string | null;
  summary: string;
} | null;

export function SimulatePurchase({
  actionData,
  simulated,
}: {
  actionData?: ActionData;
  simulated: Simulated;
}) {
  const pending = useIsPending({ formData: { intent: "simulate" } });
  const [form, fields] = useSchemaForm({
    id: "simulate-purchase",
    schema: simulatePurchaseSchema,
    lastResult: actionData?.result,
    defaultValue: {
      amount: "50.00",
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
    },
    shouldValidate: "onBlur",
  });
  const decision = pending ? null : simulated;
  const t = useT("cards");
  const text = useMessageText();
  return (
    <SandboxTool
      kind="simulate"
      form={form}
      fields={fields}
      after={
        <div role="status" aria-live="polite" className="mt-4">
          {decision ? (
            <div
              data-testid="simulation-result"
              className={`rounded-md border px-4 py-3 text-sm ${
                decision.approved
                  ? "border-green-300 bg-green-50 text-green-900"
                  : "border-red-300 bg-red-50 text-red-900"
              }`}
            >
              <p className="font-semibold">{decision.summary}</p>
              {decision.reason ? (
                <p className="mt-1">{text(decision.reason)}</p>
              ) : null}
            </div>
          ) : null}
        </div>
      }
    >
      <SelectField
        label={t("simulate.merchantCategory")}
        field={fields.merchantCategory}
      >
        {SIMULATED_CATEGORIES.map((c) => (
          <option key={c.value} value={c.value}>
            {t(`categories.${c.value}`)}
          </option>
        ))}
      </SelectField>
      <div className="space-y-3 lg:col-span-3">
        <SubmitRow
          form={form}
          errorTitle={t("simulate.failed")}
          pending={pending}
          pendingLabel={t("simulate.simulating")}
        >
          {t("simulate.submit")}
        </SubmitRow>
      </div>
    </SandboxTool>
  );
}

/**
 * Closing the card for good, with a confirmation (it works without JavaScript): every later
 * purchase is declined and the unspent balance comes back off the upcoming deductions.
 */
export function CloseCardForm({
  remaining,
  lastResult,
}: {
  remaining: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const pending = useIsPending({ formData: { intent: "close" } });
  const [form, fields] = useSchemaForm({
    id: "close-card",
    schema: closeCardSchema,
    lastResult,
  });
  const t = useT("cards");
  return (
    <SchemaForm form={form} method="post" className="space-y-2">
      <input type="hidden" name="intent" value="close" />
      <p className="text-sm text-gray-700">{t("close.intro", { remaining })}</p>
      <CheckboxField
        label={t("close.confirm")}
        errors={fields.confirm.errors}
        inputProps={{ ...getInputProps(fields.confirm, { type: "checkbox" }) }}
      />
      <SubmitRow
        form={form}
        errorTitle={t("close.failed")}
        pending={pending}
        pendingLabel={t("close.closing")}
        variant="danger"
      >
        {t("close.submit")}
      </SubmitRow>
    </SchemaForm>
  );
}

/** The sandbox's merchant refund: money back to the card from a shop (a test tool). */
export function SimulateRefund({
  lastResult,
}: {
  lastResult?: SubmissionResult<string[]>;
}) {
  const pending = useIsPending({ formData: { intent: "refund" } });
  const [form, fields] = useSchemaForm({
    id: "simulate-refund",
    schema: simulateRefundSchema,
    lastResult,
    defaultValue: { amount: "10.00", merchantName: "Fresh Market" },
    shouldValidate: "onBlur",
  });
  const t = useT("cards");
  return (
    <SandboxTool kind="refund" form={form} fields={fields}>
      <div className="flex items-end">
        <SubmitButton
          pending={pending}
          pendingLabel={t("refund.refunding")}
          variant="secondary"
        >
          {t("refund.submit")}
        </SubmitButton>
      </div>
      <div className="lg:col-span-3">
        <FormError
          id={form.errorId}
          title={t("refund.failed")}
          errors={form.errors}
        />
      </div>
    </SandboxTool>
  );
}
