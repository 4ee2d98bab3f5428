import { LinkButton } from "./button";
import { useT } from "~/utils/i18n";

/**
 * Previous / "Page n of m" / Next links for a server-paginated list (plain links, so it works
 * without JavaScript). Renders nothing for a single page.
 */
export function Pager({
  label,
  page,
  pageCount,
  href,
  className = "mt-4 flex flex-wrap items-center justify-end gap-2",
}: {
  /** Accessible name of the navigation, e.g. "Pending requests pages". */
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** The navigation's layout (by default its own row, to the right). */
  className?: string;
}) {
  const t = useT("common");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`${className} text-sm text-gray-700`}>
      {page > 1 ? (
        <LinkButton
          to={href(page - 1)}
          variant="secondary"
          className="px-3 py-1.5"
        >
          {t("pager.previous")}
        </LinkButton>
      ) : null}
      <span>{t("pager.pageOf", { page, count: pageCount })}</span>
      {page < pageCount ? (
        <LinkButton
          to={href(page + 1)}
          variant="secondary"
          className="px-3 py-1.5"
        >
          {t("pager.next")}
        </LinkButton>
      ) : null}
    </nav>
  );
}
