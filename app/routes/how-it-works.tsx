import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdvanceCalculator } from "~/components/calculator/advance-calculator";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { readCalculatorQuery } from "~/utils/calculator";
import { isoDate } from "~/utils/dates";
import { env } from "~/utils/env.server";
import {
  CallToAction,
  Features,
  Hero,
  MarketingFooter,
  MarketingHeader,
  Steps,
} from "~/components/marketing/how-it-works-sections";
import { translatedTitle } from "~/utils/i18n";
import { getEmployeeTerms } from "~/models/companies/index.server";
import { getUser } from "~/web/auth.server";
import { pageI18n } from "~/web/language.server";
import { deductionSchedule } from "~/utils/schedule";

// The public marketing page (SPEC §2 Marketing page). The calculator's GET form posts back
// here; this loader computes its state so the summary is right without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  const now = new Date();
  const today = isoDate(now);
  const params = new URL(request.url).searchParams;
  const calculator = readCalculatorQuery(params, today);
  // A signed-in employee sees their own terms: their company's next pay date as the repayment
  // date (as /request would schedule it), and $0.00 when their company pays the fee.
  const user = await getUser(request);
  const employee =
    user?.role === "EMPLOYEE" ? await getEmployeeTerms(user) : null;
  if (employee?.paySchedule && !params.get("payDate")) {
    const [first] = deductionSchedule(
      Math.round(calculator.amount * 100),
      1,
      employee.paySchedule,
      now,
    );
    if (first) calculator.payDate = isoDate(first.date);
  }
  const { i18n } = await pageI18n(request, ["pages"], user);
  return json({
    i18n,
    supportEmail: env().SUPPORT_EMAIL,
    today,
    calculator,
    companyPaysFee: employee?.feePayer === "COMPANY",
    // Requesting is an employee's page: the employer side is not offered it.
    offersRequest: user?.role !== "EMPLOYER",
  });
}

export default function HowItWorks() {
  const { supportEmail, today, calculator, companyPaysFee, offersRequest } =
    useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-white">
      <MarketingHeader />

      <main id="main" tabIndex={-1}>
        <Hero />
        <Features />
        <Steps />

        <div className="mx-auto max-w-6xl px-6 py-16">
          <AdvanceCalculator
            today={today}
            initialAmount={calculator.amount}
            initialPayDate={calculator.payDate}
            action="/how-it-works"
            companyPaysFee={companyPaysFee}
            requestTo={offersRequest ? "/request" : null}
          />
        </div>

        <CallToAction />
      </main>

      <MarketingFooter supportEmail={supportEmail} today={today} />
    </div>
  );
}

export const meta = translatedTitle(
  "common:titles.howItWorks",
  "common:descriptions.howItWorks",
);

export const ErrorBoundary = GeneralErrorBoundary;
