import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LanguageSwitch } from "~/components/layout/language-switch";
import { LinkButton } from "~/components/ui/button";
import {
  MAX_ADVANCE_WHOLE,
  MIN_ADVANCE_WHOLE,
  PROCESSING_FEE_CENTS,
} from "~/utils/rules";
import { formatCents } from "~/utils/money";
import { useLanguage, useT } from "~/utils/i18n";

// The marketing page's sections (SPEC §2 Marketing page); /how-it-works keeps the loader and
// the page's outline (the calculator between Steps and the call to action).

const FEATURES = ["easy", "approval", "cards", "deductions", "tracking"];
const STEPS = ["request", "review", "pay", "card", "repay"];

/** The rules' figures in the page's language: the range, its ends and the fee. */
function useFigures() {
  const language = useLanguage();
  const t = useT("pages");
  return {
    min: MIN_ADVANCE_WHOLE,
    max: MAX_ADVANCE_WHOLE,
    range: t("range", { min: MIN_ADVANCE_WHOLE, max: MAX_ADVANCE_WHOLE }),
    fee: formatCents(PROCESSING_FEE_CENTS, language),
  };
}

/** The public pages' top bar: the name, the language switch and Login / Sign Up. */
export function MarketingHeader() {
  const t = useT("pages");
  return (
    <header className="border-b border-gray-200 bg-white">
      {/* On a phone the language switch takes its own line under the name and the buttons. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 px-4 py-3 sm:gap-3 sm:px-6 sm:py-4">
        <Link
          to="/how-it-works"
          className="order-1 whitespace-nowrap text-base font-bold text-brand-800 sm:text-lg"
        >
          Grocery Advance
        </Link>
        <div className="order-3 flex basis-full justify-end sm:order-2 sm:ml-auto sm:basis-auto">
          <LanguageSwitch />
        </div>
        <nav
          aria-label={t("header.account")}
          className="order-2 flex shrink-0 gap-1 sm:order-3 sm:gap-2"
        >
          <LinkButton
            to="/auth"
            variant="ghost"
            className="whitespace-nowrap px-3"
          >
            {t("header.login")}
          </LinkButton>
          <LinkButton
            to="/auth?tab=register"
            className="whitespace-nowrap px-3"
          >
            {t("header.signUp")}
          </LinkButton>
        </nav>
      </div>
    </header>
  );
}

/** What the product is, in one screen. */
export function Hero() {
  const t = useT("pages");
  const figures = useFigures();
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
          {t("hero.heading")}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-50">
          {t("hero.text", figures)}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LinkButton
            to="/auth?tab=register"
            variant="secondary"
            className="px-6 py-3 text-base"
          >
            {t("hero.getStarted")}
          </LinkButton>
          <a
            href="#calculator"
            className="inline-flex items-center rounded-md px-6 py-3 text-base font-medium text-white underline hover:bg-brand-700"
          >
            {t("hero.tryCalculator")}
          </a>
        </div>
      </div>
    </section>
  );
}

/** What it offers. */
export function Features() {
  const t = useT("pages");
  const figures = useFigures();
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="mx-auto max-w-6xl px-6 py-16"
    >
      <h2 id="features-heading" className="text-3xl font-bold text-gray-900">
        {t("features.heading")}
      </h2>
      {/* Five features, no empty slot: one column on a phone; from sm two per row with
          the fifth across both; from lg three over two, the lower two centred. */}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
        {FEATURES.map((feature) => (
          <li
            key={feature}
            className="rounded-lg border border-gray-200 p-5 sm:last:col-span-2 lg:col-span-2 lg:last:col-span-2 lg:[&:nth-child(4)]:col-start-2"
          >
            <h3 className="text-lg font-semibold text-gray-900">
              {t(`features.${feature}.title`)}
            </h3>
            <p className="mt-2 text-gray-700">
              {t(`features.${feature}.text`, figures)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How an advance goes, step by step. */
export function Steps() {
  const t = useT("pages");
  const figures = useFigures();
  return (
    <section
      id="how-it-works"
      aria-labelledby="steps-heading"
      className="bg-gray-50"
    >
      <div className="mx-auto max-w-6xl px-6 py-16">
        <h2 id="steps-heading" className="text-3xl font-bold text-gray-900">
          {t("steps.heading")}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-5">
          {STEPS.map((step, i) => (
            <li key={step} className="rounded-lg bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold text-gray-900">
                <span className="sr-only">
                  {t("steps.step", { number: i + 1 })}
                </span>
                {t(`steps.${step}.title`)}
              </h3>
              <p className="mt-2 text-sm text-gray-700">
                {t(`steps.${step}.text`, figures)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The closing invitation to sign up. */
export function CallToAction() {
  const t = useT("pages");
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-6 py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-heading" className="text-2xl font-bold">
            {t("cta.heading")}
          </h2>
          <p className="mt-1 text-brand-50">{t("cta.text")}</p>
        </div>
        <LinkButton
          to="/auth?tab=register"
          variant="secondary"
          className="px-6 py-3 text-base"
        >
          {t("cta.signUp")}
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
  const t = useT("pages");
  return (
    <footer className="bg-gray-900 text-gray-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <FooterGroup title={t("footer.contact")}>
          <li>
            <a className="underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </li>
          <li>{t("footer.hours")}</li>
        </FooterGroup>
        <FooterGroup title={t("footer.company")}>
          <FooterLink href="#top">{t("footer.about")}</FooterLink>
          <FooterLink href={`mailto:${supportEmail}?subject=Careers`}>
            {t("footer.careers")}
          </FooterLink>
          <FooterLink href={`mailto:${supportEmail}?subject=Press`}>
            {t("footer.press")}
          </FooterLink>
        </FooterGroup>
        <FooterGroup title={t("footer.resources")}>
          <FooterLink href="#how-it-works">{t("footer.howItWorks")}</FooterLink>
          <FooterLink href="#calculator">{t("footer.calculator")}</FooterLink>
          <li>
            <Link className="hover:underline" to="/forgot-password">
              {t("footer.accountHelp")}
            </Link>
          </li>
        </FooterGroup>
        <FooterGroup title={t("footer.legal")}>
          <FooterLink href="#legal">{t("footer.privacy")}</FooterLink>
          <FooterLink href="#legal">{t("footer.termsOfService")}</FooterLink>
          <FooterLink href="#legal">{t("footer.cardholder")}</FooterLink>
        </FooterGroup>
      </div>
      <p
        id="legal"
        className="border-t border-gray-700 px-6 py-4 text-center text-sm text-gray-300"
      >
        {t("footer.notice", {
          year: new Date(today).getUTCFullYear(),
          email: supportEmail,
        })}
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
