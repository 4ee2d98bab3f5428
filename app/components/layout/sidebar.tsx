import { Form, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";
import { LanguageSwitch } from "~/components/layout/language-switch";
import { NavIcon, type NavIconName } from "~/components/layout/nav-icon";
import { useMayOpen } from "~/components/layout/use-may-open";

type Role = "EMPLOYEE" | "EMPLOYER";

/**
 * `label`: the item's key in the common namespace. Each role's list holds every entry that
 * role could have; the user's membership role keeps those it may open (useMayOpen).
 */
type NavItem = { to: string; label: string; icon: NavIconName };

const NAV: Record<Role, NavItem[]> = {
  EMPLOYEE: [
    { to: "/", label: "nav.dashboard", icon: "layout-dashboard" },
    { to: "/request", label: "nav.requestAdvance", icon: "shopping-basket" },
    { to: "/history", label: "nav.history", icon: "history" },
    { to: "/profile", label: "nav.profile", icon: "user-round" },
    { to: "/complaints", label: "nav.complaints", icon: "scroll-text" },
    { to: "/outbox", label: "nav.outbox", icon: "mail" },
  ],
  EMPLOYER: [
    { to: "/", label: "nav.dashboard", icon: "layout-dashboard" },
    { to: "/approvals", label: "nav.approvals", icon: "circle-check-big" },
    { to: "/employees", label: "nav.employees", icon: "users" },
    { to: "/payroll", label: "nav.payroll", icon: "banknote" },
    { to: "/reports", label: "nav.reports", icon: "chart-column" },
    { to: "/complaint-queue", label: "nav.complaints", icon: "mail" },
    { to: "/activity", label: "nav.activity", icon: "scroll-text" },
    { to: "/settings", label: "nav.settings", icon: "settings" },
    { to: "/outbox", label: "nav.outbox", icon: "mail" },
  ],
};

function LogoutButton() {
  const pending = useIsPending({ formAction: "/logout" });
  const t = useT("common");
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        disabled={pending}
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-100 hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-60"
      >
        <NavIcon name="log-out" className="h-4 w-4 shrink-0" />
        {t("nav.logout")}
      </button>
    </Form>
  );
}

const toggleClass =
  "absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-md " +
  "border border-white/40 text-white hover:bg-brand-700 md:hidden";

/**
 * The sidebar by role (SPEC §2 Layout). Under 768px it collapses behind a Menu button:
 * - with JavaScript, a real button with aria-expanded that opens and closes it, and that closes
 *   it again after every navigation;
 * - without, a checkbox and its label (Tailwind's peer-checked) do the same. The checkbox is
 *   `display: none` from 768px, so it is never an invisible focus stop on desktop, and it is
 *   not rendered at all once the page is interactive.
 */
export function Sidebar({
  role,
  name,
  mayRequest,
}: {
  role: Role;
  name: string;
  /** An employee of a company who has not left it: the only one offered the request form. */
  mayRequest: boolean;
}) {
  const mayOpen = useMayOpen();
  const [interactive, setInteractive] = useState(false);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setInteractive(true), []);
  // Closes on navigation (a link in the menu, the browser's back button, a redirect).
  useEffect(() => setOpen(false), [location.key]);
  // Escape (from the button or a link in the menu) closes it; the focus goes to the button.
  const toggle = useRef<HTMLButtonElement>(null);
  const t = useT("common");
  return (
    <div
      className="relative bg-brand-800 text-white md:min-h-screen md:w-60 md:shrink-0"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <div className="flex h-16 items-center px-4">
        <span className="text-lg font-bold">Grocery Advance</span>
      </div>
      {interactive ? (
        <button
          ref={toggle}
          type="button"
          className={`${toggleClass} focus:outline-none focus-visible:ring-2 focus-visible:ring-white`}
          aria-expanded={open}
          aria-controls="sidebar-nav"
          aria-label={t("nav.menu")}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? (
            <NavIcon name="x" className="h-5 w-5" />
          ) : (
            <NavIcon name="menu" className="h-5 w-5" />
          )}
        </button>
      ) : (
        <>
          <input
            type="checkbox"
            id="sidebar-toggle"
            className="peer sr-only md:hidden"
            aria-label={t("nav.menu")}
            aria-controls="sidebar-nav"
          />
          <label
            htmlFor="sidebar-toggle"
            className={`${toggleClass} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-white`}
          >
            <NavIcon name="menu" className="h-5 w-5" />
            <span className="sr-only">{t("nav.menu")}</span>
          </label>
        </>
      )}
      <nav
        id="sidebar-nav"
        aria-label={t("nav.main")}
        className={`px-2 pb-4 md:block ${open ? "block" : "hidden peer-checked:block"}`}
      >
        <p className="px-3 pb-2 text-xs uppercase tracking-wide text-brand-100">
          {name}
        </p>
        <ul className="space-y-1">
          {NAV[role]
            .filter(
              (item) =>
                mayOpen(item.to) && (item.to !== "/request" || mayRequest),
            )
            .map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-white ${
                      isActive
                        ? "bg-brand-700 text-white"
                        : "text-gray-100 hover:bg-brand-700"
                    }`
                  }
                >
                  <NavIcon name={item.icon} className="h-4 w-4 shrink-0" />
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          <li className="border-t border-white/20 pt-2">
            <LanguageSwitch tone="dark" />
          </li>
          <li>
            <LogoutButton />
          </li>
        </ul>
      </nav>
    </div>
  );
}
