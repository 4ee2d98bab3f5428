import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, type FormProps } from "@remix-run/react";
import type {
  ComponentType,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
} from "react";
import type * as z from "zod";
import { ErrorList, Field, selectClass } from "./field";
import { useMessageText, useT } from "~/utils/i18n";
import { parseWithZod } from "~/validation/form-order";

// The frame every Conform form shares: the zod schema of the server checks it in the browser
// too (same messages from both), and an input is a labelled Field with its messages.

/**
 * A Conform form checked with `schema`. Validated on submit, not on blur (a message appearing
 * as focus leaves the last field would move the submit button from under the pointer
 * mid-click), then again on every input. `shouldValidate: "onBlur"` for a one-field form.
 */
export function useSchemaForm<Schema extends z.ZodObject>({
  id,
  schema,
  lastResult,
  defaultValue,
  shouldValidate = "onSubmit",
}: {
  id: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: "onSubmit" | "onBlur";
}) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate,
    shouldRevalidate: "onInput",
  });
}

type InputType =
  "text" | "email" | "password" | "tel" | "number" | "search" | "url" | "date";

/** A Conform field as a labelled input: its name, id, constraint and messages wired. */
export function InputField<FieldSchema>({
  label,
  field,
  type = "text",
  hint,
  prefix,
  suffix,
  ...attributes
}: {
  label: ReactNode;
  field: FieldMetadata<FieldSchema, Record<string, unknown>, string[]>;
  type?: InputType;
  hint?: ReactNode;
  prefix?: ReactNode;
  suffix?: ReactNode;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "prefix" | "id" | "name"
>) {
  return (
    <Field
      label={label}
      hint={hint}
      prefix={prefix}
      suffix={suffix}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type }), ...attributes }}
    />
  );
}

/**
 * A Conform field as a labelled select: `children` are its options; `after` stands under it (a
 * hint), above its messages.
 */
export function SelectField<FieldSchema>({
  label,
  field,
  after,
  children,
  ...attributes
}: {
  label: ReactNode;
  field: FieldMetadata<FieldSchema, Record<string, unknown>, string[]>;
  after?: ReactNode;
  children: ReactNode;
} & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "id" | "name" | "children" | "className"
>) {
  // A hint named by the caller and, when there are any, the field's messages describe it.
  const describedBy =
    [attributes["aria-describedby"], field.errors?.length && field.errorId]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div>
      <label
        htmlFor={field.id}
        className="mb-1 block text-sm font-medium text-gray-800"
      >
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        className={selectClass}
        {...attributes}
        aria-describedby={describedBy}
      >
        {children}
      </select>
      {after}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

type PersonFieldNames = "firstName" | "lastName" | "email";

/**
 * First name and last name side by side, then e-mail: registration, Add New Employee and the
 * profile. `autoComplete="off"` where the person is someone else (an employer adding one).
 */
export function PersonFields({
  fields,
  autoComplete = true,
}: {
  fields: Record<
    PersonFieldNames,
    FieldMetadata<string | undefined, Record<string, unknown>, string[]>
  >;
  autoComplete?: boolean;
}) {
  const hint = (token: string) => (autoComplete ? token : "off");
  const t = useT("common");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t("fields.firstName")}
          field={fields.firstName}
          autoComplete={hint("given-name")}
        />
        <InputField
          label={t("fields.lastName")}
          field={fields.lastName}
          autoComplete={hint("family-name")}
        />
      </div>
      <InputField
        label={t("fields.email")}
        type="email"
        field={fields.email}
        autoComplete={hint("email")}
      />
    </>
  );
}

/**
 * A Conform form: the form element (Remix's `Form`, or `as` a fetcher's) with Conform's props,
 * opened by its error summary. Every form of `useSchemaForm` is rendered
 * through this, so each one has the same summary with and without JavaScript.
 */
export function SchemaForm({
  form,
  as: As = Form,
  children,
  ...attributes
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  as?: ComponentType<FormProps>;
  children: ReactNode;
} & Omit<FormProps, "id" | "onSubmit" | "noValidate" | "children">) {
  return (
    <As {...attributes} {...getFormProps(form)}>
      <ErrorSummary form={form} />
      {children}
    </As>
  );
}

/**
 * The error summary at the top of a form: every message of the form and its fields, each a
 * link to its field (a message of the whole form: to the form's error block), focused when
 * the page arrives with it. Rendered from the form's errors (the server's reply to a failed
 * post, or the browser's own check), so a page reloaded without JavaScript shows the same
 * summary the browser shows with it. The field keeps its own message (decision 0121). The
 * messages come in the order the form shows its fields (parseWithZod).
 */
function ErrorSummary({
  form,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
}) {
  const t = useT("common");
  const text = useMessageText();
  const entries = Object.entries(form.allErrors).flatMap(([name, errors]) =>
    (errors ?? []).map((error) => ({ name, error })),
  );
  if (entries.length === 0) return null;
  const fields = form.getFieldset() as Record<string, { id: string }>;
  const titleId = `${form.id}-summary-title`;
  return (
    <div
      role="alert"
      tabIndex={-1}
      autoFocus
      aria-labelledby={titleId}
      data-testid="error-summary"
      className="col-span-full rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 focus:outline focus:outline-2 focus:outline-red-600"
    >
      <p id={titleId} className="font-semibold">
        {t("errorSummary.title", { count: entries.length })}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {entries.map(({ name, error }) => {
          const id = name === "" ? form.errorId : fields[name]?.id;
          return (
            <li key={`${name}:${error}`}>
              {id ? (
                <a href={`#${id}`} className="underline">
                  {text(error)}
                </a>
              ) : (
                text(error)
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
