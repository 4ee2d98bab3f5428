import { Form, Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium " +
  "focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-brand-600 " +
  "disabled:cursor-not-allowed disabled:opacity-60 transition-colors";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-gray-700 hover:bg-gray-100",
};

export function buttonClass(variant: Variant = "primary", extra = "") {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      {...props}
    />
  );
}

export function LinkButton({
  variant = "primary",
  className = "",
  ...props
}: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}

/**
 * A form of one press: posts `intent` and its hidden `fields` with one button (a table row's
 * Revoke, Resend or Remove, a session's Sign out). A plain form: it works without JavaScript,
 * and with it Remix posts it and reloads the page's data.
 */
export function PostButton({
  intent,
  fields = {},
  action,
  ...button
}: {
  intent: string;
  fields?: Record<string, string | number>;
  /** The route that handles the post; the current one when not given. */
  action?: string;
} & Omit<Parameters<typeof Button>[0], "type" | "name" | "value">) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" {...button} />
    </Form>
  );
}

/** A table row's one-press action (Revoke, Resend, Remove): a small secondary PostButton. */
export function RowAction(props: Parameters<typeof PostButton>[0]) {
  return <PostButton variant="secondary" className="px-3 py-1.5" {...props} />;
}
