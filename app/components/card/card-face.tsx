import { Badge } from "~/components/ui/badge";
import { useT } from "~/utils/i18n";

function capitalise(value: string) {
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

/** A card's status badge: green when it can be used, blue when frozen, grey otherwise. */
function CardStatusBadge({ status }: { status: string }) {
  const t = useT("common");
  if (status === "active")
    return <Badge tone="green">{t("card.active")}</Badge>;
  if (status === "frozen") return <Badge tone="blue">{t("card.frozen")}</Badge>;
  return (
    <Badge tone="gray">
      {status === "closed"
        ? t("card.closed")
        : status === "expired"
          ? t("card.expired")
          : capitalise(status)}
    </Badge>
  );
}

/** The full details, shown on the card's own face once the employee asked for them. */
export type RevealedDetails = { number: string; expiry: string; cvc: string };

/**
 * The card itself: a bank card's proportions (85.6 × 54 mm), the number on one line at a size
 * that follows the card's width (container query units). Masked, unless `revealed` holds the
 * full details (the card page, in the answer to "Show card details" only): then the full
 * number, expiry and CVC are printed on the face, where a card has them.
 */
export function CardFace({
  cardNumber,
  status,
  expiry,
  amount,
  revealed,
  label,
}: {
  cardNumber: string;
  status: string;
  expiry: string;
  amount: string;
  revealed?: RevealedDetails | null;
  /** The face's accessible name when it shows the full details. */
  label?: string;
}) {
  const t = useT("common");
  return (
    <div
      {...(revealed
        ? { role: "group", "aria-label": label, "data-testid": "card-details" }
        : {})}
      className="relative flex aspect-[1.586] flex-col justify-between overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 p-5 text-white shadow-lg [container-type:inline-size]"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="whitespace-nowrap text-sm font-semibold tracking-wide">
          Grocery Advance
        </span>
        <CardStatusBadge status={status} />
      </div>
      <div
        aria-hidden="true"
        className="h-7 w-10 rounded-md bg-gradient-to-br from-yellow-200 to-yellow-500 opacity-90"
      />
      <p className="whitespace-nowrap font-mono text-[clamp(0.9rem,6.2cqw,1.4rem)] tracking-wider">
        <span className="sr-only">{t("card.number")} </span>
        {revealed ? revealed.number : cardNumber}
      </p>
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-xs uppercase text-brand-100">
            {t("card.expires")}
          </dt>
          <dd className="font-medium">{revealed ? revealed.expiry : expiry}</dd>
        </div>
        {revealed ? (
          <div>
            <dt className="text-xs uppercase text-brand-100">
              {t("card.cvc")}
            </dt>
            <dd className="font-mono font-medium">{revealed.cvc}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs uppercase text-brand-100">
            {t("card.amount")}
          </dt>
          <dd className="font-medium">{amount}</dd>
        </div>
      </dl>
    </div>
  );
}
