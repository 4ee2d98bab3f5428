import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CardFace } from "~/components/card/card-face";
import { RequestStatusCell } from "~/components/cancel-request-form";
import { ToDoList } from "~/components/dashboard/to-do";
import { LinkButton } from "~/components/ui/button";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { EmployeeDashboardData } from "~/models/reports/index.server";
import { useMessageText, useT, withElements } from "~/utils/i18n";

type Data = SerializeFrom<EmployeeDashboardData>;

export function EmployeeDashboard({ data }: { data: Data }) {
  const t = useT("dashboard");
  // A leaver and an employee with no company cannot request: no button that ends on a refusal.
  const mayRequest = data.linked && !data.left;
  const showMoney =
    data.linked ||
    data.recent.length > 0 ||
    (data.cards?.length ?? 0) > 0 ||
    data.upcoming.length > 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">
          {/* "Welcome back" only to someone who has signed in before. */}
          {t(data.returning ? "employee.welcomeBack" : "employee.welcome", {
            name: data.firstName,
          })}
        </h1>
        {mayRequest ? (
          <LinkButton to="/request">{t("employee.newRequest")}</LinkButton>
        ) : null}
      </div>

      {data.linked ? <EmployeeToDo items={data.toDo} /> : null}

      {data.linked ? null : (
        <div
          role="note"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <p className="font-semibold">{t("employee.notLinkedTitle")}</p>
          <p className="mt-1">
            {withElements(t("employee.notLinkedText"), {
              email: <strong>{data.email}</strong>,
            })}
          </p>
          {data.invitations.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {data.invitations.map((i) => (
                <li key={`${i.company}-${i.expiresText}`}>
                  {t("employee.invitation", {
                    company: i.company || t("employee.aCompany"),
                    email: data.email,
                    date: i.expiresText,
                  })}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2">
            {withElements(t("employee.notLinkedNext"), {
              howItWorks: (
                <Link
                  to="/how-it-works"
                  className="font-medium text-yellow-900 underline"
                >
                  {t("employee.howItWorks")}
                </Link>
              ),
              profile: (
                <Link
                  to="/profile"
                  className="font-medium text-yellow-900 underline"
                >
                  {t("employee.profile")}
                </Link>
              ),
            })}
          </p>
        </div>
      )}

      {data.left ? (
        <div
          role="note"
          data-testid="left-company"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-900"
        >
          <p className="font-semibold">{t("employee.leftTitle")}</p>
          <p className="mt-1">
            {withElements(t("employee.leftText"), {
              link: (
                <Link to="/history" className="text-brand-700 underline">
                  {t("employee.leftHistory")}
                </Link>
              ),
            })}
          </p>
        </div>
      ) : null}

      {data.choosePassword ? (
        <div
          role="note"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <p className="font-semibold">{t("employee.choosePasswordTitle")}</p>
          <p className="mt-1">
            {withElements(t("employee.choosePasswordText"), {
              link: (
                <Link
                  to="/profile"
                  className="font-medium text-yellow-900 underline"
                >
                  {t("employee.choosePasswordLink")}
                </Link>
              ),
            })}
          </p>
        </div>
      ) : null}

      {data.credit ? (
        <div
          role="note"
          data-testid="credit-owed"
          className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900"
        >
          <p className="text-base font-semibold">
            {t("employee.weOweYou", { amount: data.credit.amountText })}
          </p>
          <p className="mt-1">
            {data.credit.by === "PAYROLL" && data.credit.dateText
              ? t("employee.creditByPayroll", { date: data.credit.dateText })
              : t("employee.creditByEmployer")}
          </p>
        </div>
      ) : null}

      {/* An employee with no company and nothing yet has no money to show: no zero figures
          and no "Pay cycle ends Not set", only what they can do (the note above). */}
      {showMoney ? (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            <StatCard
              label={t("employee.availableBalance")}
              value={data.availableBalanceText}
            >
              {t("employee.payCycleEnds", {
                date: data.payCycleEndsText ?? t("employee.notSet"),
              })}
              {data.availableToRequestText ? (
                <span className="block" data-testid="available-to-request">
                  {t("employee.availableToRequest", {
                    amount: data.availableToRequestText,
                  })}
                </span>
              ) : null}
            </StatCard>
            <StatCard
              label={t("employee.nextDeduction")}
              value={data.nextDeduction?.amountText ?? data.zeroText}
            >
              {data.nextDeduction?.dateText ??
                t("employee.noUpcomingDeductions")}
            </StatCard>
            <StatCard
              label={t("employee.yearToDate")}
              value={data.yearToDate.totalText}
            >
              {t("employee.approvedAdvances", {
                count: data.yearToDate.approvedCount,
              })}
            </StatCard>
          </div>

          <VirtualCards data={data} />

          {/* Stacked rather than side by side, so the tables fit without scrolling. */}
          <div className="grid gap-6">
            <Card
              title={t("employee.recentActivity")}
              actions={
                <Link
                  to="/history"
                  className="text-sm font-medium text-brand-700 underline"
                >
                  {t("employee.viewAllActivity")}
                </Link>
              }
            >
              <Table
                caption={t("employee.recentActivity")}
                head={[
                  t("common:columns.date"),
                  t("common:columns.description"),
                  t("common:columns.amount"),
                  t("common:columns.status"),
                ]}
              >
                {data.recent.length === 0 ? (
                  <EmptyRow colSpan={4}>
                    {t("employee.noRecentActivity")}
                  </EmptyRow>
                ) : (
                  data.recent.map((r) => (
                    <tr key={r.id}>
                      <Td>{r.dateText}</Td>
                      <Td>{t("employee.groceryAdvanceRequest")}</Td>
                      <Td>{r.amountText}</Td>
                      <RequestStatusCell
                        request={r}
                        amount={r.amountText}
                        redirectTo="/"
                      />
                    </tr>
                  ))
                )}
              </Table>
            </Card>

            <Card title={t("employee.upcomingDeductions")}>
              <Table
                caption={t("employee.upcomingDeductions")}
                head={[
                  t("common:columns.deductionDate"),
                  t("common:columns.payPeriod"),
                  t("common:columns.amount"),
                  t("common:columns.remaining"),
                ]}
              >
                {data.upcoming.length === 0 ? (
                  <EmptyRow colSpan={4}>
                    {t("employee.noUpcomingDeductionsFound")}
                  </EmptyRow>
                ) : (
                  data.upcoming.map((d) => (
                    <tr key={d.id}>
                      <Td>{d.dateText}</Td>
                      <Td>{d.payPeriodText}</Td>
                      <Td>{d.amountText}</Td>
                      <Td>{d.remainingText}</Td>
                    </tr>
                  ))
                )}
              </Table>
            </Card>
          </div>
        </>
      ) : null}
    </div>
  );
}

function VirtualCards({ data }: { data: Data }) {
  const cards = data.cards;
  const t = useT("dashboard");
  const text = useMessageText();
  const waiting = data.toDo.flatMap((item) =>
    item.kind === "pay" ? [item] : [],
  );
  return (
    <Card title={t("employee.virtualCards", { count: cards?.length ?? 0 })}>
      {data.beingIssued.length > 0 ? (
        <ul className="mb-4 space-y-2">
          {data.beingIssued.map((r) => (
            <li
              key={r.id}
              role="status"
              className="rounded-md border border-gray-200 bg-white px-4 py-3 text-sm text-gray-900"
            >
              {t("employee.beingIssued", { amount: r.amountText })}
            </li>
          ))}
        </ul>
      ) : null}
      {cards === null ? (
        <p className="text-sm text-gray-700">{t("employee.noCardsFound")}</p>
      ) : cards.length === 0 ? (
        <div className="py-4 text-center">
          <p className="font-medium text-gray-900">
            {t("employee.noCardsYet")}
          </p>
          {/* An approved advance waiting for its payment or confirmation: its card comes with
              that step (the to-do's), not with another approval (the SPEC's hint otherwise). */}
          {waiting.length > 0 ? (
            waiting.map((item) => (
              <p
                key={item.requestId}
                className="mt-1 text-sm text-gray-600"
                data-testid="card-after-step"
              >
                {t(
                  item.companyPays
                    ? "employee.cardAfterConfirming"
                    : "employee.cardAfterPaying",
                  { amount: item.amountText },
                )}
              </p>
            ))
          ) : (
            <p className="mt-1 text-sm text-gray-600">
              {t("employee.noCardsHint")}
            </p>
          )}
        </div>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] gap-6">
          {cards.map((card) => (
            <li key={card.id} className="max-w-sm">
              <CardFace
                cardNumber={card.cardNumber}
                status={card.status}
                expiry={card.expiry}
                amount={card.amount}
              />
              <dl className="mt-3 space-y-1 px-1 text-sm text-gray-700">
                <div className="flex gap-2">
                  <dt className="font-medium text-gray-900">
                    {t("employee.restrictions")}
                  </dt>
                  <dd>{text(card.restrictions)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-medium text-gray-900">
                    {t("employee.issued")}
                  </dt>
                  <dd>{card.issued}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-medium text-gray-900">
                    {t("employee.remainingBalance")}
                  </dt>
                  <dd>{card.remaining}</dd>
                </div>
              </dl>
              <Link
                to={`/cards/${card.id}`}
                className="mt-2 inline-block px-1 text-sm font-medium text-brand-700 underline hover:text-brand-800"
              >
                {t("employee.viewCard")}
                <span className="sr-only"> ({card.cardNumber})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What to do now: pay for an approved advance, a declined purchase, a credit owed. */
function EmployeeToDo({ items }: { items: Data["toDo"] }) {
  const t = useT("dashboard");
  const text = useMessageText();
  return (
    <ToDoList
      title={t("toDo.title")}
      empty={t("toDo.nothing")}
      entries={items.map((item, i) => {
        switch (item.kind) {
          case "pay":
            return {
              key: `pay-${item.requestId}`,
              to: item.to,
              action: t(
                item.companyPays
                  ? "employee.confirmAndGetCard"
                  : "employee.completePayment",
              ),
              text: (
                <>
                  {t(
                    item.companyPays
                      ? "employee.awaitingConfirmation"
                      : "employee.awaitingPayment",
                    { amount: item.amountText },
                  )}{" "}
                  <span className="text-gray-700">
                    {t(
                      item.companyPays
                        ? "employee.companyPaysFee"
                        : "employee.awaitingPaymentFee",
                      { fee: item.feeText, amount: item.amountText },
                    )}
                    {item.payByText ? (
                      <>
                        {" "}
                        {withElements(
                          t(
                            item.companyPays
                              ? "employee.confirmBy"
                              : "employee.payBy",
                          ),
                          { date: <strong>{item.payByText}</strong> },
                        )}
                      </>
                    ) : null}
                  </span>
                </>
              ),
            };
          case "declinedPurchase":
            return {
              key: `declined-${i}`,
              to: item.to,
              action: t("toDo.seeCard"),
              text: t(
                item.reason
                  ? "toDo.declinedPurchase"
                  : "toDo.declinedPurchaseNoReason",
                {
                  amount: item.amountText,
                  merchant: item.merchant,
                  date: item.dateText,
                  reason: item.reason ? text(item.reason) : "",
                },
              ),
            };
          case "credit":
            return {
              key: "credit",
              to: item.to,
              action: t("toDo.seeHistory"),
              text: t(
                item.byEmployer ? "toDo.creditByEmployer" : "toDo.credit",
                { amount: item.amountText },
              ),
            };
        }
      })}
    />
  );
}
