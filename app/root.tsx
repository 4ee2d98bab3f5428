import type {
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Toast, useFlashToast } from "./components/ui/toast";
import stylesheet from "./tailwind.css";
import { readToast } from "./web/toast.server";
import { rootLanguage } from "./web/language.server";
import { useNonce } from "./utils/nonce";
import { THEME_COLOR } from "./utils/meta";
import { fixedT, useLanguage, useT } from "./utils/i18n";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { language, i18n, setCookie } = await rootLanguage(request);
  const { toast, headers } = await readToast(request, language);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data({ toast, language, i18n }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Grocery Advance" },
  ...(data
    ? [
        {
          name: "description",
          content: fixedT(
            data.language,
            data.i18n,
            "common",
          )("descriptions.default"),
        },
      ]
    : []),
];

function PendingBar() {
  // Stands in for the spec's "spinner while the user loads": shown during any navigation.
  const navigation = useNavigation();
  const t = useT("common");
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("loading")}
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600"
    />
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const flashToast = useFlashToast(data?.toast);
  const language = useLanguage();
  const t = useT("common");
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="manifest" href={`/manifest.webmanifest?lang=${language}`} />
        <Meta />
        <Links />
        {/* Marks the page as scripted before the first paint: CSS places the toast as a
            floating one (it leaves after 5 s) only then; without JavaScript it stays in the
            page flow, where it covers nothing. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: "document.documentElement.classList.add('js')",
          }}
        />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only left-2 top-2 z-[60] rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed"
        >
          {t("skipToMain")}
        </a>
        <PendingBar />
        <Toast toast={flashToast} source="flash" />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main id="main" className="p-6">
      <GeneralErrorBoundary />
    </main>
  );
}
