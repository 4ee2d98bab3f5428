import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CardFace } from "~/components/card/card-face";
import { RequestStatusCell } from "~/components/cancel-request-form";
import { LinkButton } from "~/components/ui/button";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { EmployeeDashboardData } from "~/models/employee-dashboard.server";

type Data = SerializeFrom<EmployeeDashboardData>;

export function EmployeeDashboard({ data }: { data: Data }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">
          {/* "Welcome back" once there is something to come back to. */}
          {data.recent.length === 0 ? "Welcome" : "Welcome back"},{" "}
          {data.firstName}
        </h1>
        <LinkButton to="/request">New Request</LinkButton>
      </div>

      {data.linked ? null : (
        <div
          role="note"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <p className="font-semibold">
            Your account is not linked to an employer yet.
          </p>
          <p className="mt-1">
            You can request an advance once your employer adds you to their
            company in Grocery Advance. Please ask your employer or HR team to
            add you: ask them to invite <strong>{data.email}</strong>, then open
            the link in the invitation e-mail while signed in here.
          </p>
          {data.invitations.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {data.invitations.map((i) => (
                <li key={`${i.company}-${i.expiresText}`}>
                  {i.company || "A company"} invited {data.email} (the link
                  works until {i.expiresText}): open the invitation e-mail and
                  press Join.
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}

      {data.choosePassword ? (
        <div
          role="note"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <p className="font-semibold">Choose your own password</p>
          <p className="mt-1">
            Your employer created your account and set its first password, so
            someone else knows it. Use the link we e-mailed you, or{" "}
            <Link
              to="/profile"
              className="font-medium text-yellow-900 underline"
            >
              change it on your profile
            </Link>
            .
          </p>
        </div>
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        <StatCard label="Available Balance" value={data.availableBalanceText}>
          Pay cycle ends {data.payCycleEndsText}
          {data.availableToRequestText ? (
            <span className="block" data-testid="available-to-request">
              Available to request: {data.availableToRequestText} (pending
              requests count against it)
            </span>
          ) : null}
        </StatCard>
        <StatCard
          label="Next Deduction"
          value={data.nextDeduction?.amountText ?? "$0.00"}
        >
          {data.nextDeduction?.dateText ?? "No upcoming deductions"}
        </StatCard>
        <StatCard label="Year to Date" value={data.yearToDate.totalText}>
          {data.yearToDate.approvedCount} approved{" "}
          {data.yearToDate.approvedCount === 1 ? "advance" : "advances"}
        </StatCard>
      </div>

      <VirtualCards data={data} />

      {/* Stacked rather than side by side, so the tables fit without scrolling. */}
      <div className="grid gap-6">
        <Card
          title="Recent Activity"
          actions={
            <Link
              to="/history"
              className="text-sm font-medium text-brand-700 underline"
            >
              View All Activity
            </Link>
          }
        >
          <Table
            caption="Recent Activity"
            head={["Date", "Description", "Amount", "Status"]}
          >
            {data.recent.length === 0 ? (
              <EmptyRow colSpan={4}>No recent activity found</EmptyRow>
            ) : (
              data.recent.map((r) => (
                <tr key={r.id}>
                  <Td>{r.dateText}</Td>
                  <Td>Grocery advance request</Td>
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

        <Card title="Upcoming Deductions">
          <Table
            caption="Upcoming Deductions"
            head={["Deduction Date", "Pay Period", "Amount", "Remaining"]}
          >
            {data.upcoming.length === 0 ? (
              <EmptyRow colSpan={4}>No upcoming deductions found</EmptyRow>
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
    </div>
  );
}

function VirtualCards({ data }: { data: Data }) {
  const cards = data.cards;
  return (
    <Card title={`Virtual Cards (${cards?.length ?? 0})`}>
      {data.awaitingPayment.length > 0 ? (
        <ul className="mb-4 space-y-2">
          {data.awaitingPayment.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-gray-900"
            >
              <span>
                Your {r.amountText} advance is approved.{" "}
                {r.companyPays
                  ? "Confirm it to get your grocery card."
                  : "Complete payment to get your grocery card."}{" "}
                <span className="text-gray-700">
                  {r.companyPays
                    ? `Your company pays the ${r.feeText} fee: nothing is charged to your card, and the ${r.amountText} goes onto your grocery card.`
                    : `Paying charges your card only the ${r.feeText} fee; the ${r.amountText} goes onto your grocery card.`}
                  {r.payByText ? (
                    <>
                      {" "}
                      {r.companyPays ? "Confirm" : "Pay"} by{" "}
                      <strong>{r.payByText}</strong>, or the approval expires.
                    </>
                  ) : null}
                </span>
              </span>
              <LinkButton to={r.checkoutUrl}>
                {r.companyPays ? "Confirm and get my card" : "Complete payment"}
              </LinkButton>
            </li>
          ))}
        </ul>
      ) : null}
      {cards === null ? (
        <p className="text-sm text-gray-700">No virtual cards found</p>
      ) : cards.length === 0 ? (
        <div className="py-4 text-center">
          <p className="font-medium text-gray-900">No virtual cards yet</p>
          <p className="mt-1 text-sm text-gray-600">
            Cards will appear here after your advance requests are approved
          </p>
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
                  <dt className="font-medium text-gray-900">Restrictions</dt>
                  <dd>{card.restrictions}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-medium text-gray-900">Issued</dt>
                  <dd>{card.issued}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-medium text-gray-900">
                    Remaining balance
                  </dt>
                  <dd>{card.remaining}</dd>
                </div>
              </dl>
              <Link
                to={`/cards/${card.id}`}
                className="mt-2 inline-block px-1 text-sm font-medium text-brand-700 underline hover:text-brand-800"
              >
                View card and purchases
                <span className="sr-only"> ({card.cardNumber})</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
