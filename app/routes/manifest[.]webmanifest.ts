import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { THEME_COLOR } from "~/utils/meta";

// GET /manifest.webmanifest?lang=en|es: the web app manifest that makes the site installable,
// in the language the page that links it is in. One app whatever the
// language (`id`). Public: the browser fetches it without cookies.

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("lang");
  const language = isLanguage(asked) ? asked : "en";
  const t = serverT(language, "common");
  const manifest = {
    id: "/",
    name: t("app.name"),
    short_name: t("app.shortName"),
    description: t("descriptions.default"),
    lang: language,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: [
      {
        src: "/icon-192.png",
        sizes: "192x192",
        type: "image/png",
        purpose: "any",
      },
      {
        src: "/icon-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "any",
      },
      {
        src: "/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      Vary: "Accept-Encoding",
    },
  });
}
