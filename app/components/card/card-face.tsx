import { Badge } from "~/components/ui/badge";

function capitalise(value: string) {
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

/** A card's status badge: green when it can be used, blue when frozen, grey otherwise. */
export function CardStatusBadge({ status }: { status: string }) {
  if (status === "active") return <Badge tone="green">Active</Badge>;
  if (status === "frozen") return <Badge tone="blue">Frozen</Badge>;
  return <Badge tone="gray">{capitalise(status)}</Badge>;
}

/**
 * The card itself: a bank card's proportions (85.6 × 54 mm), the masked number on one line at
 * a size that follows the card's width (container query units). Never a full number or CVC.
 */
export function CardFace({
  cardNumber,
  status,
  expiry,
  amount,
}: {
  cardNumber: string;
  status: string;
  expiry: string;
  amount: string;
}) {
  return (
    <div className="relative flex aspect-[1.586] flex-col justify-between overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 p-5 text-white shadow-lg [container-type:inline-size]">
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
        <span className="sr-only">Card number </span>
        {cardNumber}
      </p>
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-xs uppercase text-brand-100">Expires</dt>
          <dd className="font-medium">{expiry}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-brand-100">Amount</dt>
          <dd className="font-medium">{amount}</dd>
        </div>
      </dl>
    </div>
  );
}
