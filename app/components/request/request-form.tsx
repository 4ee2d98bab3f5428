import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import {
  CheckboxField,
  ErrorList,
  FormError,
  TextareaField,
} from "~/components/ui/field";
import { InputField, useSchemaForm } from "~/components/ui/schema-form";
import {
  ADVANCE_STEP_DOLLARS,
  MAX_ADVANCE_TEXT,
  MIN_ADVANCE_TEXT,
} from "~/utils/rules";
import { amountProblem, requestFormSchema } from "~/validation/advance";
import { useEffect, useState, type FormEvent } from "react";
import { CostDisclosure, type QuoteView } from "~/components/cost-disclosure";
import { parseCents } from "~/utils/money";
import type { PaySchedule } from "~/utils/pay-schedule";
import {
  quoteAdvance,
  quoteKey,
  type FeePayer,
  type Quote,
} from "~/utils/quote";
import { useIsPending } from "~/components/use-is-pending";

// The advance request form (SPEC §5 Advance request form, DESIGN §4 Requesting): amount,
// reason, payment account, repayment periods and the terms.

const PERIOD_OPTIONS = [
  { value: "1", label: "1 pay period (recommended)" },
  { value: "2", label: "2 pay periods" },
  { value: "3", label: "3 pay periods" },
];

const selectClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm " +
  "focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600";

/** The quote for what the form holds now, or null while the amount is not a valid one. */
function quoteOf(
  amountText: string,
  periodsText: string,
  paySchedule: PaySchedule | null,
  feePayer: FeePayer,
): Quote | null {
  const cents = parseCents(amountText.trim());
  const periods = Number(periodsText);
  if (cents === null || amountProblem(cents) !== null) return null;
  if (![1, 2, 3].includes(periods)) return null;
  return quoteAdvance(cents, periods, paySchedule, new Date(), feePayer);
}

export function RequestForm({
  availableBalanceText,
  prefill,
  lastResult,
  paySchedule,
  feePayer,
  quote: initialQuote,
  reviewing,
}: {
  availableBalanceText: string;
  prefill: { amount: number; repaymentPeriods: number };
  lastResult: SubmissionResult<string[]> | undefined;
  paySchedule: PaySchedule | null;
  /** Who pays the fee (the company's setting): $0.00 for the employee when the company does. */
  feePayer: FeePayer;
  /** The disclosure rendered by the server: for the prefill, or for a reviewed submission. */
  quote: QuoteView;
  /** The server asks to confirm the values it just showed the cost of (no JavaScript). */
  reviewing: boolean;
}) {
  const pending = useIsPending();
  // The disclosure follows the amount and the periods as they change (decision 0074); until
  // the employee changes one, it is the server's.
  const [live, setLive] = useState<Quote | null | undefined>(undefined);
  const shown: QuoteView | null = live === undefined ? initialQuote : live;
  const recompute = (form: HTMLFormElement) => {
    const value = (name: string) => {
      const element = form.elements.namedItem(name);
      return element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement
        ? element.value
        : "";
    };
    setLive(
      quoteOf(
        value("amount"),
        value("repaymentPeriods"),
        paySchedule,
        feePayer,
      ),
    );
  };
  const onChange = (event: FormEvent<HTMLFormElement>) =>
    recompute(event.currentTarget);
  const [form, fields] = useSchemaForm({
    id: "request",
    schema: requestFormSchema,
    lastResult,
    defaultValue: {
      amount: String(prefill.amount),
      repaymentPeriods: String(prefill.repaymentPeriods),
      paymentMethod: "existing",
      accountType: "checking",
    },
  });
  // The form's code arrives after hydration (an island): what was typed before then counts.
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (element instanceof HTMLFormElement) recompute(element);
    // Once, when the form becomes interactive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [existing, different] = getCollectionProps(fields.paymentMethod, {
    type: "radio",
    options: ["existing", "new"],
  });

  return (
    <Form
      method="post"
      className="space-y-6 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
      {...getFormProps(form)}
      onChange={onChange}
    >
      <input
        type="hidden"
        name="quotedFor"
        value={shown ? quoteKey(shown.amountCents, shown.schedule.length) : ""}
      />
      <InputField
        label="Amount"
        prefix="$"
        suffix="USD"
        hint={`Between ${MIN_ADVANCE_TEXT} and ${MAX_ADVANCE_TEXT}. Available to request: ${availableBalanceText} (your balance less pending requests)`}
        type="number"
        field={fields.amount}
        step={ADVANCE_STEP_DOLLARS}
        inputMode="decimal"
      />

      <TextareaField
        label="Reason (optional)"
        errors={fields.reason.errors}
        textareaProps={{
          ...getTextareaProps(fields.reason),
          placeholder: "What will the advance help with?",
        }}
      />

      <fieldset className="group space-y-3 rounded-md border border-gray-200 p-4">
        <legend className="px-1 text-sm font-semibold text-gray-900">
          Payment Information
        </legend>
        <div className="flex items-center gap-2">
          <input
            {...existing}
            id="paymentMethod-existing"
            className="h-4 w-4 border-gray-400 text-brand-700 focus:ring-brand-600"
          />
          <label
            htmlFor="paymentMethod-existing"
            className="text-sm text-gray-800"
          >
            Use existing direct deposit account
          </label>
        </div>
        <div className="flex items-center gap-2">
          <input
            {...different}
            id="paymentMethod-new"
            className="h-4 w-4 border-gray-400 text-brand-700 focus:ring-brand-600"
          />
          <label htmlFor="paymentMethod-new" className="text-sm text-gray-800">
            Use a different account
          </label>
        </div>
        {/* Shown by CSS when 'different' is checked, so it works without JavaScript. */}
        <div
          data-testid="different-account"
          className="hidden space-y-4 border-t border-gray-100 pt-4 group-has-[#paymentMethod-new:checked]:block"
        >
          <div>
            <label
              htmlFor={fields.accountType.id}
              className="mb-1 block text-sm font-medium text-gray-800"
            >
              Account type
            </label>
            <select
              {...getSelectProps(fields.accountType)}
              className={selectClass}
            >
              <option value="checking">Checking</option>
              <option value="savings">Savings</option>
            </select>
            <ErrorList errors={fields.accountType.errors} />
          </div>
          <InputField
            label="Routing number"
            field={fields.routingNumber}
            placeholder="9 digit routing number"
            inputMode="numeric"
            autoComplete="off"
          />
          <InputField
            label="Account number"
            field={fields.accountNumber}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      </fieldset>

      <div>
        <label
          htmlFor={fields.repaymentPeriods.id}
          className="mb-1 block text-sm font-medium text-gray-800"
        >
          Repayment Schedule
        </label>
        <select
          {...getSelectProps(fields.repaymentPeriods)}
          className={selectClass}
          aria-describedby={`${fields.repaymentPeriods.id}-hint`}
        >
          {PERIOD_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <p
          id={`${fields.repaymentPeriods.id}-hint`}
          className="mt-1 text-xs text-gray-600"
        >
          The advance will be deducted from your upcoming paychecks.
        </p>
        <ErrorList errors={fields.repaymentPeriods.errors} />
      </div>

      {reviewing ? (
        <p
          role="status"
          data-testid="review-note"
          className="rounded-md border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
        >
          Nothing has been requested yet. Check the cost below for the amount
          and periods you chose, then press Submit Request again to confirm.
        </p>
      ) : null}
      {shown ? (
        <CostDisclosure quote={shown} />
      ) : (
        <p className="text-sm text-gray-700" data-testid="cost-pending">
          Enter an amount between {MIN_ADVANCE_TEXT} and {MAX_ADVANCE_TEXT} to
          see what it costs.
        </p>
      )}

      <CheckboxField
        label="I agree to the terms and conditions and authorize repayment by payroll deduction"
        errors={fields.terms.errors}
        inputProps={{ ...getInputProps(fields.terms, { type: "checkbox" }) }}
      />

      <FormError
        id={form.errorId}
        title="Request failed"
        errors={form.errors}
      />

      <div className="flex justify-end gap-3">
        <LinkButton to="/" variant="secondary">
          Cancel
        </LinkButton>
        <Button type="submit" disabled={pending}>
          {pending ? "Submitting..." : "Submit Request"}
        </Button>
      </div>
    </Form>
  );
}
