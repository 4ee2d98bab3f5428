import { LinkButton } from "~/components/ui/button";
import { useMessageText, useT } from "~/utils/i18n";

/** SPEC §2 Checkout: "On failure shows an Error card with a Go Back button." */
export function CheckoutError({ message }: { message: string }) {
  const t = useT("checkout");
  const text = useMessageText();
  return (
    <section
      aria-labelledby="checkout-error-title"
      className="rounded-lg border border-red-200 bg-white p-6 shadow-sm"
    >
      <h2
        id="checkout-error-title"
        className="text-lg font-semibold text-red-800"
      >
        {t("error.title")}
      </h2>
      <p className="mt-2 text-gray-800">{text(message)}</p>
      <LinkButton to="/" variant="secondary" className="mt-4">
        {t("error.goBack")}
      </LinkButton>
    </section>
  );
}
