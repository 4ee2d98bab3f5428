import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button";
import { FormError } from "./field";

/**
 * A form's submit button: disabled, and saying `pendingLabel` instead of its label, while
 * `pending` (the form is on its way, useIsPending).
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...button
}: {
  pending: boolean;
  pendingLabel: ReactNode;
  children: ReactNode;
} & Omit<Parameters<typeof Button>[0], "type" | "disabled" | "children">) {
  return (
    <Button type="submit" disabled={pending} {...button}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/**
 * The end of a form: its form-level error (FormError, headed `errorTitle`; the form's own
 * errors unless `errors` says otherwise) over its submit button.
 */
export function SubmitRow({
  form,
  errorTitle,
  errors = form.errors,
  ...button
}: {
  form: { errorId: string; errors?: string[] };
  errorTitle: string;
  errors?: string[] | null;
} & Omit<ComponentProps<typeof SubmitButton>, "form">) {
  return (
    <>
      <FormError id={form.errorId} title={errorTitle} errors={errors} />
      <SubmitButton {...button} />
    </>
  );
}
