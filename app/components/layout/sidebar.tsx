import { Form, NavLink, useNavigation } from "@remix-run/react";

type Role = "EMPLOYEE" | "EMPLOYER";

const NAV: Record<Role, Array<{ to: string; label: string }>> = {
  EMPLOYEE: [
    { to: "/", label: "Dashboard" },
    { to: "/request", label: "Request Advance" },
    { to: "/history", label: "History" },
    { to: "/profile", label: "Profile" },
  ],
  EMPLOYER: [
    { to: "/", label: "Dashboard" },
    { to: "/approvals", label: "Approve Requests" },
    { to: "/employees", label: "Employees" },
    { to: "/reports", label: "Reports" },
    { to: "/settings", label: "Settings" },
  ],
};

function LogoutButton() {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-gray-100 hover:bg-brand-700 disabled:opacity-60"
      >
        Logout
      </button>
    </Form>
  );
}

/**
 * The sidebar by role. Under 768px it collapses behind a "Menu" toggle: a checkbox and label
 * (works without JavaScript), styled by Tailwind's peer-checked.
 */
export function Sidebar({ role, name }: { role: Role; name: string }) {
  return (
    <div className="bg-brand-800 text-white md:min-h-screen md:w-60 md:shrink-0">
      <div className="flex items-center justify-between px-4 py-4">
        <span className="text-lg font-bold">Grocery Advance</span>
      </div>
      <input
        type="checkbox"
        id="sidebar-toggle"
        className="peer sr-only"
        aria-label="Menu"
        aria-controls="sidebar-nav"
      />
      <label
        htmlFor="sidebar-toggle"
        className="absolute right-4 top-3 cursor-pointer rounded-md border border-white/40 px-3 py-1 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-white md:hidden"
      >
        Menu
      </label>
      <nav
        id="sidebar-nav"
        aria-label="Main"
        className="hidden px-2 pb-4 peer-checked:block md:block"
      >
        <p className="px-3 pb-2 text-xs uppercase tracking-wide text-brand-100">
          {name}
        </p>
        <ul className="space-y-1">
          {NAV[role].map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                prefetch="intent"
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium ${
                    isActive
                      ? "bg-brand-700 text-white"
                      : "text-gray-100 hover:bg-brand-700"
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="border-t border-white/20 pt-2">
            <LogoutButton />
          </li>
        </ul>
      </nav>
    </div>
  );
}
