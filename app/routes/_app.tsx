import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LiveUpdates } from "~/components/layout/live-updates";
import { Sidebar } from "~/components/layout/sidebar";
import { requireAuth, toPublicUser } from "~/web/auth.server";
import { accessOf, pagesOf } from "~/utils/company-roles";
import { useT, withElements } from "~/utils/i18n";

// The signed-in layout. Every child route still checks the user and role in its own loader
// and action: this loader supplies the sidebar, and what the user may open (the capability
// table the guards use), which every page's links and buttons read (useMayOpen). The request
// link is left out for a leaver and an employee with no company (read with the session, no
// query of its own): /request would only tell them why they cannot ask.
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, mayRequest } = await requireAuth(request);
  return json({
    user: toPublicUser(user),
    pages: pagesOf(accessOf(user)),
    mayRequest,
  });
}

export default function AppLayout() {
  const { user, mayRequest } = useLoaderData<typeof loader>();
  const t = useT("common");
  return (
    <div className="relative flex min-h-screen flex-col md:flex-row">
      <LiveUpdates />
      <Sidebar
        role={user.role}
        name={`${user.firstName} ${user.lastName}`}
        mayRequest={mayRequest}
      />
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 p-4 focus:outline-none md:p-8"
      >
        {/* Shown only on a copy the service worker serves offline (public/sw.js), which
            fills in the date the copy was saved. */}
        <p
          id="offline-copy"
          hidden
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {withElements(t("offline.savedCopy"), {
            date: <time data-offline-date="" />,
          })}
        </p>
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" tabIndex={-1} className="p-6">
      <GeneralErrorBoundary />
    </main>
  );
}
