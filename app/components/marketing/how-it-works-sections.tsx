import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LinkButton } from "~/components/ui/button";
import {
  ADVANCE_RANGE_TEXT,
  MAX_ADVANCE_WHOLE,
  MIN_ADVANCE_WHOLE,
  PROCESSING_FEE_TEXT,
} from "~/utils/rules";

// The marketing page's sections (SPEC §2 Marketing page); /how-it-works keeps the loader and
// the page's outline (the calculator between Steps and the call to action).

const FEATURES = [
  {
    title: "Easy Requests",
    text: `Ask for ${ADVANCE_RANGE_TEXT} in a minute from your phone or computer, with no credit check.`,
  },
  {
    title: "Employer Approval",
    text: "Your employer reviews each request, usually within hours, so advances stay responsible.",
  },
  {
    title: "Grocery-Only Cards",
    text: "Funds arrive on a virtual card that works only at grocery stores and supermarkets.",
  },
  {
    title: "Automatic Payroll Deductions",
    text: "Repayment comes out of your next 1 to 3 paychecks. Nothing to remember, no interest.",
  },
  {
    title: "Real-Time Tracking",
    text: "Follow every request, card and deduction as it happens, on any device.",
  },
];

const STEPS = [
  {
    title: "You request an advance",
    text: `Choose an amount between ${MIN_ADVANCE_WHOLE} and ${MAX_ADVANCE_WHOLE} and how many pay periods to repay it over.`,
  },
  {
    title: "Your employer reviews it",
    text: "Your employer approves or declines the request from their dashboard.",
  },
  {
    title: "You complete the payment",
    text: `Press Pay: only the flat ${PROCESSING_FEE_TEXT} processing fee is authorized on your card, and charged when your grocery card is issued. The advance itself goes onto the grocery card; it is never charged to your card.`,
  },
  {
    title: "Your grocery card is issued",
    text: "A virtual card restricted to grocery stores is ready to use right away.",
  },
  {
    title: "Repayment is automatic",
    text: "Payroll deducts the advance from your paycheck over 1 to 3 pay periods, starting once your card is issued. An approved advance you never pay for is never deducted.",
  },
];

/** The public pages' top bar: the name and Login / Sign Up. */
export function MarketingHeader() {
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Link
          to="/how-it-works"
          className="whitespace-nowrap text-lg font-bold text-brand-800"
        >
          Grocery Advance
        </Link>
        <nav aria-label="Account" className="flex shrink-0 gap-1 sm:gap-2">
          <LinkButton
            to="/auth"
            variant="ghost"
            className="whitespace-nowrap px-3"
          >
            Login
          </LinkButton>
          <LinkButton
            to="/auth?tab=register"
            className="whitespace-nowrap px-3"
          >
            Sign Up
          </LinkButton>
        </nav>
      </div>
    </header>
  );
}

/** What the product is, in one screen. */
export function Hero() {
  return (
    <section
      id="top"
      aria-labelledby="hero-heading"
      className="bg-brand-800 text-white"
    >
      <div className="mx-auto max-w-6xl px-6 py-20">
        <h1
          id="hero-heading"
          className="max-w-3xl text-4xl font-bold sm:text-5xl"
        >
          Grocery money before payday, repaid automatically
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-50">
          Grocery Advance lets employees get a {ADVANCE_RANGE_TEXT} advance for
          groceries, approved by their employer, spent on a grocery-only card
          and repaid from their paycheck. A flat {PROCESSING_FEE_TEXT} fee, no
          interest.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LinkButton
            to="/auth?tab=register"
            variant="secondary"
            className="px-6 py-3 text-base"
          >
            Get Started
          </LinkButton>
          <a
            href="#calculator"
            className="inline-flex items-center rounded-md px-6 py-3 text-base font-medium text-white underline hover:bg-brand-700"
          >
            Try the calculator
          </a>
        </div>
      </div>
    </section>
  );
}

/** What it offers. */
export function Features() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="mx-auto max-w-6xl px-6 py-16"
    >
      <h2 id="features-heading" className="text-3xl font-bold text-gray-900">
        Why Grocery Advance
      </h2>
      {/* Five features, no empty slot: one column on a phone; from sm two per row with
          the fifth across both; from lg three over two, the lower two centred. */}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
        {FEATURES.map((feature) => (
          <li
            key={feature.title}
            className="rounded-lg border border-gray-200 p-5 sm:last:col-span-2 lg:col-span-2 lg:last:col-span-2 lg:[&:nth-child(4)]:col-start-2"
          >
            <h3 className="text-lg font-semibold text-gray-900">
              {feature.title}
            </h3>
            <p className="mt-2 text-gray-700">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How an advance goes, step by step. */
export function Steps() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="steps-heading"
      className="bg-gray-50"
    >
      <div className="mx-auto max-w-6xl px-6 py-16">
        <h2 id="steps-heading" className="text-3xl font-bold text-gray-900">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-5">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-lg bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold text-gray-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-gray-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The closing invitation to sign up. */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-6 py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-heading" className="text-2xl font-bold">
            Ready to get started?
          </h2>
          <p className="mt-1 text-brand-50">
            Create your account in minutes. Employers can set up their company
            today.
          </p>
        </div>
        <LinkButton
          to="/auth?tab=register"
          variant="secondary"
          className="px-6 py-3 text-base"
        >
          Sign Up Now
        </LinkButton>
      </div>
    </section>
  );
}

/** Contact, company and legal lines. */
export function MarketingFooter({
  supportEmail,
  today,
}: {
  supportEmail: string;
  today: string;
}) {
  return (
    <footer className="bg-gray-900 text-gray-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <FooterGroup title="Contact">
          <li>
            <a className="underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </li>
          <li>Monday to Friday, 9am to 5pm</li>
        </FooterGroup>
        <FooterGroup title="Company">
          <FooterLink href="#top">About Us</FooterLink>
          <FooterLink href={`mailto:${supportEmail}?subject=Careers`}>
            Careers
          </FooterLink>
          <FooterLink href={`mailto:${supportEmail}?subject=Press`}>
            Press
          </FooterLink>
        </FooterGroup>
        <FooterGroup title="Resources">
          <FooterLink href="#how-it-works">How It Works</FooterLink>
          <FooterLink href="#calculator">Advance Calculator</FooterLink>
          <li>
            <Link className="hover:underline" to="/forgot-password">
              Account Help
            </Link>
          </li>
        </FooterGroup>
        <FooterGroup title="Legal">
          <FooterLink href="#legal">Privacy Policy</FooterLink>
          <FooterLink href="#legal">Terms of Service</FooterLink>
          <FooterLink href="#legal">Cardholder Agreement</FooterLink>
        </FooterGroup>
      </div>
      <p
        id="legal"
        className="border-t border-gray-700 px-6 py-4 text-center text-sm text-gray-300"
      >
        © {new Date(today).getUTCFullYear()} Grocery Advance. Advances are
        offered through your employer&apos;s payroll program. Legal documents
        are available on request from {supportEmail}.
      </p>
    </footer>
  );
}

function FooterGroup({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </nav>
  );
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a className="hover:underline" href={href}>
        {children}
      </a>
    </li>
  );
}
