import {
  getCollectionProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { LinkButton } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-row";
import { CheckboxField, FormError, TextareaField } from "~/components/ui/field";
import {
  InputField,
  SelectField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import {
  ADVANCE_STEP_DOLLARS,
  MAX_ADVANCE_CENTS,
  MIN_ADVANCE_CENTS,
} from "~/utils/rules";
import { amountProblem, requestFormSchema } from "~/validation/advance";
import { useEffect, useState, type FormEvent } from "react";
import { CostDisclosure, type QuoteView } from "~/components/cost-disclosure";
import type { PaycheckCheck } from "~/utils/state-rules";
import { formatCents, parseCents } from "~/utils/money";
import { useLanguage, useT } from "~/utils/i18n";
import type { PaySchedule } from "~/utils/pay-schedule";
import {
  quoteAdvance,
  quoteKey,
  type FeePayer,
  type Quote,
} from "~/utils/quote";
import { useIsPending } from "~/components/use-is-pending";
import type { FeeLimit } from "~/utils/state-rules";

// The advance request form (SPEC §5 Advance request form, DESIGN §4 Requesting): amount,
// reason, payment account, repayment periods and the terms.

/** The quote for what the form holds now, or null while the amount is not a valid one. */
function quoteOf(
  amountText: string,
  periodsText: string,
  paySchedule: PaySchedule | null,
  feePayer: FeePayer,
  feeLimit: FeeLimit | null,
  maxPeriods: number,
): Quote | null {
  const cents = parseCents(amountText.trim());
  const periods = Number(periodsText);
  if (cents === null || amountProblem(cents) !== null) return null;
  if (!(periods >= 1 && periods <= maxPeriods)) return null;
  return quoteAdvance(
    cents,
    periods,
    paySchedule,
    new Date(),
    feePayer,
    feeLimit,
  );
}

/** What the first deduction leaves of the next paycheck, against the company's share. */
function PaycheckLeft({
  paycheck,
  deductionCents,
}: {
  paycheck: PaycheckCheck;
  deductionCents: number;
}) {
  const t = useT("request");
  const language = useLanguage();
  const leftCents = paycheck.netPayCents - paycheck.otherCents - deductionCents;
  const minCents = Math.ceil(
    (paycheck.netPayCents * paycheck.minPercent) / 100,
  );
  const money = (cents: number) => formatCents(cents, language);
  return (
    <p
      data-testid="paycheck-left"
      className={`rounded-md px-4 py-3 text-sm ${leftCents >= minCents ? "bg-gray-50 text-gray-900" : "border border-red-300 bg-red-50 text-red-900"}`}
    >
      {t(
        paycheck.otherCents > 0 ? "paycheck.leftWithOthers" : "paycheck.left",
        {
          net: money(paycheck.netPayCents),
          deduction: money(deductionCents),
          others: money(paycheck.otherCents),
          left: money(leftCents),
        },
      )}{" "}
      {t(leftCents >= minCents ? "paycheck.enough" : "paycheck.tooLittle", {
        percent: paycheck.minPercent,
        min: money(minCents),
      })}
    </p>
  );
}

export function RequestForm({
  availableBalanceText,
  prefill,
  lastResult,
  paySchedule,
  feePayer,
  quote: initialQuote,
  reviewing,
  feeLimit,
  maxPeriods,
  paycheck,
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
  /** The work state's fee caps, so the live disclosure caps as the server does. */
  feeLimit: FeeLimit | null;
  /** The repayment period counts the work state allows: 1 to this. */
  maxPeriods: number;
  /** The employee's net pay, when known: what is left of the next paycheck is shown. */
  paycheck: PaycheckCheck | null;
}) {
  const pending = useIsPending();
  const t = useT("request");
  const language = useLanguage();
  const range = {
    min: formatCents(MIN_ADVANCE_CENTS, language),
    max: formatCents(MAX_ADVANCE_CENTS, language),
  };
  // The disclosure follows the amount and the periods as they change; until
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
        feeLimit,
        maxPeriods,
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
  // Conform's props carry a React key, which JSX takes only directly, not through a spread.
  const [{ key: _existingKey, ...existing }, { key: _newKey, ...different }] =
    getCollectionProps(fields.paymentMethod, {
      type: "radio",
      options: ["existing", "new"],
    });

  return (
    <SchemaForm
      form={form}
      method="post"
      className="space-y-6 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
      onChange={onChange}
    >
      <input
        type="hidden"
        name="quotedFor"
        value={shown ? quoteKey(shown.amountCents, shown.schedule.length) : ""}
      />
      <InputField
        label={t("form.amount")}
        prefix="$"
        suffix="USD"
        hint={t("form.amountHint", {
          ...range,
          available: availableBalanceText,
        })}
        type="number"
        field={fields.amount}
        step={ADVANCE_STEP_DOLLARS}
        inputMode="decimal"
      />

      <TextareaField
        label={t("form.reason")}
        errors={fields.reason.errors}
        textareaProps={{
          ...getTextareaProps(fields.reason),
          placeholder: t("form.reasonPlaceholder"),
        }}
      />

      <fieldset className="group space-y-3 rounded-md border border-gray-200 p-4">
        <legend className="px-1 text-sm font-semibold text-gray-900">
          {t("form.payment")}
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
            {t("form.existingAccount")}
          </label>
        </div>
        <div className="flex items-center gap-2">
          <input
            {...different}
            id="paymentMethod-new"
            className="h-4 w-4 border-gray-400 text-brand-700 focus:ring-brand-600"
          />
          <label htmlFor="paymentMethod-new" className="text-sm text-gray-800">
            {t("form.differentAccount")}
          </label>
        </div>
        {/* Shown by CSS when 'different' is checked, so it works without JavaScript. */}
        <div
          data-testid="different-account"
          className="hidden space-y-4 border-t border-gray-100 pt-4 group-has-[#paymentMethod-new:checked]:block"
        >
          <SelectField label={t("form.accountType")} field={fields.accountType}>
            <option value="checking">{t("form.checking")}</option>
            <option value="savings">{t("form.savings")}</option>
          </SelectField>
          <InputField
            label={t("form.routingNumber")}
            field={fields.routingNumber}
            placeholder={t("form.routingPlaceholder")}
            inputMode="numeric"
            autoComplete="off"
          />
          <InputField
            label={t("form.accountNumber")}
            field={fields.accountNumber}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      </fieldset>

      <SelectField
        label={t("form.schedule")}
        field={fields.repaymentPeriods}
        aria-describedby={`${fields.repaymentPeriods.id}-hint`}
        after={
          <p
            id={`${fields.repaymentPeriods.id}-hint`}
            className="mt-1 text-xs text-gray-600"
          >
            {t("form.scheduleHint")}
          </p>
        }
      >
        {[1, 2, 3].slice(0, maxPeriods).map((count) => {
          const option = t("form.periods", { count });
          return (
            <option key={count} value={String(count)}>
              {count === 1 ? t("form.recommended", { option }) : option}
            </option>
          );
        })}
      </SelectField>

      {reviewing ? (
        <p
          role="status"
          data-testid="review-note"
          className="rounded-md border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
        >
          {t("form.review")}
        </p>
      ) : null}
      {shown ? (
        <>
          <CostDisclosure quote={shown} />
          {paycheck && shown.schedule[0] ? (
            <PaycheckLeft
              paycheck={paycheck}
              deductionCents={shown.schedule[0].amountCents}
            />
          ) : null}
        </>
      ) : (
        <p className="text-sm text-gray-700" data-testid="cost-pending">
          {t("form.costPending", range)}
        </p>
      )}

      <CheckboxField
        label={t("form.terms")}
        errors={fields.terms.errors}
        inputProps={{ ...getInputProps(fields.terms, { type: "checkbox" }) }}
      />

      <FormError
        id={form.errorId}
        title={t("form.failed")}
        errors={form.errors}
      />

      <div className="flex justify-end gap-3">
        <LinkButton to="/" variant="secondary">
          {t("form.cancel")}
        </LinkButton>
        <SubmitButton pending={pending} pendingLabel={t("form.submitting")}>
          {t("form.submit")}
        </SubmitButton>
      </div>
    </SchemaForm>
  );
}
