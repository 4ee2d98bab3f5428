import type { ReactNode } from "react";
import { useT } from "~/utils/i18n";

type Tone = "green" | "red" | "yellow" | "gray" | "blue";

const tones: Record<Tone, string> = {
  green: "bg-green-100 text-green-800",
  red: "bg-red-100 text-red-800",
  yellow: "bg-yellow-100 text-yellow-900",
  gray: "bg-gray-100 text-gray-800",
  blue: "bg-blue-100 text-blue-800",
};

export function Badge({
  tone = "gray",
  children,
}: {
  tone?: Tone;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** Request status badges (SPEC §4): green approved, red declined, yellow pending, grey else. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const value = (status ?? "").toLowerCase();
  const t = useT("common");
  if (value === "approved")
    return <Badge tone="green">{t("status.approved")}</Badge>;
  if (value === "declined")
    return <Badge tone="red">{t("status.declined")}</Badge>;
  if (value === "pending")
    return <Badge tone="yellow">{t("status.pending")}</Badge>;
  if (value === "cancelled")
    return <Badge tone="gray">{t("status.cancelled")}</Badge>;
  return <Badge tone="gray">{t("status.unknown")}</Badge>;
}
