import { translatedTitle, useT } from "~/utils/i18n";

// /offline: what the installed app shows when it has no connection and no saved copy of the
// page asked for. The service worker (public/sw.js) keeps it when it installs; it holds no
// personal data, so anyone may read it.

export default function OfflinePage() {
  const t = useT("common");
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto max-w-md space-y-4 p-6 py-16 text-center text-gray-900"
    >
      <img
        src="/icon-192.png"
        alt=""
        width={72}
        height={72}
        className="mx-auto rounded-xl"
      />
      <h1 className="text-2xl font-semibold">{t("offline.heading")}</h1>
      <p className="text-gray-700">{t("offline.body")}</p>
      <a
        href="/"
        className="inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white"
      >
        {t("offline.retry")}
      </a>
    </main>
  );
}

export const meta = translatedTitle("common:offline.title");
