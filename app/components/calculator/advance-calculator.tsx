import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import { Button, LinkButton } from "~/components/ui/button";
import {
  CALCULATOR_MAX,
  CALCULATOR_MIN,
  CALCULATOR_STEP,
  calculateAdvance,
  PROCESSING_FEE_CENTS,
  clampAmount,
  parseIsoDate,
  readPayDate,
  readTypedAmount,
  sliderValue,
  snapAmount,
} from "~/utils/calculator";
import { formatApr } from "~/utils/apr";
import { formatDate } from "~/utils/dates";
import { useLanguage, useT } from "~/utils/i18n";
import { formatCents as formatIn } from "~/utils/money";

const inputClass =
  "block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm " +
  "focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600";

/**
 * The advance calculator (SPEC §2; no risk rating, and the total is what payroll repays, the
 * fee apart, with the APR: decision 0122). With JavaScript the summary follows the slider, the
 * number box and the pay date as they change. Without it the inputs are a GET form to
 * `action` (default: the current page) whose loader reads them with readCalculatorQuery and
 * renders the summary; the toggles are <details> elements, which need no script.
 */
export function AdvanceCalculator({
  today,
  initialAmount,
  initialPayDate,
  action = "",
  requestTo = "/request",
  heading,
  companyPaysFee = false,
}: {
  /** yyyy-MM-dd from the server, so both sides agree on "today". */
  today: string;
  initialAmount: number;
  initialPayDate: string;
  action?: string;
  /** Where "Request" leads; null: no such button (the employer side cannot request). */
  requestTo?: string | null;
  heading?: ReactNode;
  /** The signed-in employee's company pays the fee: they pay $0.00. */
  companyPaysFee?: boolean;
}) {
  const t = useT("pages");
  const language = useLanguage();
  const formatCents = (cents: number) => formatIn(cents, language);
  const range = {
    min: formatCents(CALCULATOR_MIN * 100),
    max: formatCents(CALCULATOR_MAX * 100),
  };
  const [amount, setAmount] = useState(clampAmount(initialAmount));
  const [draft, setDraft] = useState(String(clampAmount(initialAmount)));
  const [payDate, setPayDate] = useState(initialPayDate);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A GET submission (no JavaScript, or a link) brings new initial values from the loader.
  useEffect(() => {
    setAmount(clampAmount(initialAmount));
    setDraft(String(clampAmount(initialAmount)));
  }, [initialAmount]);
  useEffect(() => setPayDate(initialPayDate), [initialPayDate]);
  // An amount typed before the page's code arrived is in the box but not in the state: it is
  // taken as typed, and settled when the box was already left.
  const typedBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = typedBox.current;
    if (!box || box.value === String(clampAmount(initialAmount))) return;
    if (document.activeElement === box) changeTyped(box.value);
    else commitTyped(box.value);
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const summary = calculateAdvance(amount, payDate, today, companyPaysFee);

  function changeTyped(text: string) {
    setDraft(text);
    const value = readTypedAmount(text);
    // Live while the value is in range; above the maximum it snaps at once (more digits can
    // only make it larger). Below the minimum it waits until the user is done typing.
    if (value !== null && value > CALCULATOR_MAX) {
      setAmount(CALCULATOR_MAX);
      setDraft(String(CALCULATOR_MAX));
    } else if (value !== null && value >= CALCULATOR_MIN) {
      setAmount(value);
    }
  }

  /** Settles the typed amount: the box's own value, which is what the user sees. */
  function commitTyped(text = typedBox.current?.value ?? draft) {
    const next = snapAmount(text, amount);
    setAmount(next);
    setDraft(String(next));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the summary is already live: Enter just settles the typed value.
    event.preventDefault();
    commitTyped();
  }

  return (
    <section
      id="calculator"
      aria-labelledby="calculator-heading"
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id="calculator-heading" className="text-2xl font-bold text-gray-900">
        {heading ?? t("calculator.heading")}
      </h2>
      <p className="mt-1 text-gray-700">{t("calculator.intro")}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <form
          method="get"
          action={`${action}#calculator`}
          noValidate
          onSubmit={onSubmit}
          className="space-y-5"
        >
          <input type="hidden" name="prev" value={String(amount)} />
          <div>
            <label
              htmlFor="calc-slider"
              className="block text-sm font-medium text-gray-800"
            >
              {t("calculator.advanceAmount")}
            </label>
            <input
              id="calc-slider"
              type="range"
              name="slider"
              min={CALCULATOR_MIN}
              max={CALCULATOR_MAX}
              step={CALCULATOR_STEP}
              value={sliderValue(amount)}
              aria-valuetext={formatCents(summary.amountCents)}
              onChange={(e) => {
                const value = snapAmount(e.currentTarget.value, amount);
                setAmount(value);
                setDraft(String(value));
              }}
              className="mt-2 w-full accent-brand-700"
            />
            <div
              className="mt-1 flex justify-between text-xs text-gray-600"
              aria-hidden="true"
            >
              <span>{formatCents(CALCULATOR_MIN * 100)}</span>
              <span>{formatCents(CALCULATOR_MAX * 100)}</span>
            </div>
          </div>
          <div>
            <label
              htmlFor="calc-amount"
              className="mb-1 block text-sm font-medium text-gray-800"
            >
              {t("calculator.amountUsd")}
            </label>
            <div className="relative flex items-center">
              <span className="pointer-events-none absolute left-3 text-sm text-gray-600">
                $
              </span>
              <input
                id="calc-amount"
                ref={typedBox}
                type="number"
                name="amount"
                inputMode="decimal"
                min={CALCULATOR_MIN}
                max={CALCULATOR_MAX}
                step={CALCULATOR_STEP}
                value={draft}
                onChange={(e) => changeTyped(e.currentTarget.value)}
                onBlur={(e) => commitTyped(e.currentTarget.value)}
                aria-describedby="calc-amount-hint"
                className={`${inputClass} pl-7`}
              />
            </div>
            <p id="calc-amount-hint" className="mt-1 text-xs text-gray-600">
              {t("calculator.between", range)}
            </p>
          </div>
          <div>
            <label
              htmlFor="calc-pay-date"
              className="mb-1 block text-sm font-medium text-gray-800"
            >
              {t("calculator.nextPayDate")}
            </label>
            <input
              id="calc-pay-date"
              type="date"
              name="payDate"
              min={today}
              value={payDate}
              onChange={(e) =>
                setPayDate(readPayDate(e.currentTarget.value, today))
              }
              className={inputClass}
            />
          </div>
          {hydrated ? null : (
            <Button type="submit" variant="secondary">
              {t("calculator.calculate")}
            </Button>
          )}
        </form>

        <div className="rounded-lg bg-brand-50 p-5">
          <h3 className="text-lg font-semibold text-gray-900">
            {t("calculator.summary")}
          </h3>
          <dl
            className="mt-4 space-y-3 text-sm"
            aria-live="polite"
            data-testid="calculator-summary"
          >
            <SummaryRow
              testId="calc-advance"
              label={t("calculator.advanceAmount")}
              value={formatCents(summary.amountCents)}
            />
            <div className="grid grid-cols-[1fr_auto] items-center gap-x-2">
              <dt className="text-gray-700">{t("calculator.fee")}</dt>
              <dd className="font-medium text-gray-900" data-testid="calc-fee">
                {formatCents(summary.feeCents)}
              </dd>
              <dd className="col-span-2">
                <details className="mt-1">
                  <summary className="cursor-pointer text-sm font-medium text-brand-800 underline">
                    {t("calculator.whyFee")}
                  </summary>
                  <p className="mt-1 text-gray-700">
                    {companyPaysFee
                      ? t("calculator.companyPaysFee", {
                          fee: formatCents(PROCESSING_FEE_CENTS),
                        })
                      : t("calculator.flatFee", {
                          fee: formatCents(summary.feeCents),
                        })}
                  </p>
                </details>
              </dd>
            </div>
            <SummaryRow
              testId="calc-repayment"
              label={t("calculator.totalRepayment")}
              value={formatCents(summary.repaymentCents)}
              strong
            />
            <SummaryRow
              label={t("calculator.repaymentDate")}
              value={formatDate(parseIsoDate(summary.repaymentDate), language)}
            />
            <SummaryRow
              testId="calc-apr"
              label={t("calculator.apr")}
              value={formatApr(summary.apr, language)}
            />
          </dl>
          <p
            className="mt-2 text-xs text-gray-700"
            data-testid="total-explained"
          >
            {companyPaysFee
              ? t("calculator.totalCompany", {
                  amount: formatCents(summary.repaymentCents),
                })
              : t("calculator.totalEmployee", {
                  fee: formatCents(summary.feeCents),
                  amount: formatCents(summary.repaymentCents),
                })}{" "}
            {t("calculator.aprExplained")}
          </p>
          <details className="group mt-5">
            <summary className="cursor-pointer text-sm font-medium text-brand-800 underline">
              <span className="group-open:hidden">
                {t("calculator.showDetails")}
              </span>
              <span className="hidden group-open:inline">
                {t("calculator.hideDetails")}
              </span>
            </summary>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
              <li>{t("calculator.details.ask", range)}</li>
              <li>{t("calculator.details.pay")}</li>
              <li>{t("calculator.details.deducted")}</li>
            </ul>
          </details>
          {requestTo !== null && (
            <LinkButton
              to={`${requestTo}?amount=${encodeURIComponent(String(amount))}`}
              className="mt-6 w-full"
            >
              {t("calculator.request")}
            </LinkButton>
          )}
        </div>
      </div>
    </section>
  );
}

function SummaryRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`flex items-center justify-between ${strong ? "border-t border-brand-100 pt-3" : ""}`}
    >
      <dt className={strong ? "font-semibold text-gray-900" : "text-gray-700"}>
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={
          strong
            ? "text-base font-semibold text-gray-900"
            : "font-medium text-gray-900"
        }
      >
        {value}
      </dd>
    </div>
  );
}
