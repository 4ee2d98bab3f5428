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
import { getEmployeeRecord } from "~/models/advance.server";
import { getUser } from "~/web/auth.server";

// The public marketing page (SPEC §2 Marketing page). The calculator's GET form posts back
// here; this loader computes its state so the summary is right without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  const today = isoDate(new Date());
  const calculator = readCalculatorQuery(
    new URL(request.url).searchParams,
    today,
  );
  // A signed-in employee whose company pays the fee sees their own price: $0.00.
  const user = await getUser(request);
  const employee =
    user?.role === "EMPLOYEE" ? await getEmployeeRecord(user) : null;
  return json({
    supportEmail: env().SUPPORT_EMAIL,
    today,
    calculator,
    companyPaysFee: employee?.feePayer === "COMPANY",
  });
}

export default function HowItWorks() {
  const { supportEmail, today, calculator, companyPaysFee } =
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
          />
        </div>

        <CallToAction />
      </main>

      <MarketingFooter supportEmail={supportEmail} today={today} />
    </div>
  );
}

export const meta = translatedTitle("common:titles.howItWorks");

export const ErrorBoundary = GeneralErrorBoundary;
