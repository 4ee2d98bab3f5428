import { useNavigation } from "@remix-run/react";

type PendingOptions = {
  /** Only a submission to this action ("/logout"); any action when left out. */
  formAction?: string;
  /** Only a submission with this method (default POST); `null`: any navigation at all. */
  formMethod?: "POST" | "GET" | null;
  /**
   * Only a submission whose form data holds these values: `{ intent: "pay" }`,
   * `{ intent: "cancel", requestId: "7" }`; a list accepts any of its values.
   */
  formData?: Record<string, string | readonly string[]>;
};

/**
 * True while the page's form submission (or, with `formMethod: null`, any navigation) is on
 * its way: the one rule every form's busy button reads. Without JavaScript it is always false
 * and the browser shows its own progress.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  formData,
}: PendingOptions = {}): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle") return false;
  if (formMethod !== null && navigation.formMethod !== formMethod) return false;
  if (formAction !== undefined && navigation.formAction !== formAction)
    return false;
  if (!formData) return true;
  return Object.entries(formData).every(([name, expected]) => {
    const value = navigation.formData?.get(name);
    return typeof expected === "string"
      ? value === expected
      : expected.some((one) => value === one);
  });
}
