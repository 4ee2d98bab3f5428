import type {
  InputHTMLAttributes,
  ReactNode,
  TextareaHTMLAttributes,
} from "react";
import { ErrorList } from "~/components/ui/error-list";
import { useMessageText } from "~/utils/i18n";

export { ErrorList };

const inputClass =
  "block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm " +
  "focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600 " +
  "aria-[invalid=true]:border-red-600";

/** A form's select (the inputs' box, on white). */
export const selectClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm " +
  "focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600";

/** The ids of a control's hint and messages, each only when there is one to point to. */
function describingIds(id: string, errors?: string[] | null, hint?: ReactNode) {
  return {
    errorId: errors?.length ? `${id}-error` : undefined,
    hintId: hint ? `${id}-hint` : undefined,
  };
}

type Described = {
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/**
 * Field's and TextareaField's frame: the label, the control (`control` is given the aria
 * attributes that tie it to its messages and hint), the hint, the messages.
 */
function Labelled({
  id,
  label,
  errors,
  hint,
  control,
}: {
  id: string;
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  control: (described: Described) => ReactNode;
}) {
  const { errorId, hintId } = describingIds(id, errors, hint);
  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1 block text-sm font-medium text-gray-800"
      >
        {label}
      </label>
      {control({
        "aria-invalid": errorId ? true : undefined,
        "aria-describedby":
          [errorId, hintId].filter(Boolean).join(" ") || undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function Field({
  label,
  errors,
  hint,
  inputProps,
  prefix,
  suffix,
}: {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  prefix?: ReactNode;
  suffix?: ReactNode;
}) {
  return (
    <Labelled
      id={inputProps.id}
      label={label}
      errors={errors}
      hint={hint}
      control={(described) => (
        <div className="relative flex items-center">
          {prefix ? (
            <span className="pointer-events-none absolute left-3 text-sm text-gray-600">
              {prefix}
            </span>
          ) : null}
          <input
            {...inputProps}
            className={`${inputClass} ${prefix ? "pl-7" : ""} ${suffix ? "pr-14" : ""}`}
            {...described}
          />
          {suffix ? (
            <span className="pointer-events-none absolute right-3 text-sm text-gray-600">
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    />
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  textareaProps,
}: {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string };
}) {
  return (
    <Labelled
      id={textareaProps.id}
      label={label}
      errors={errors}
      hint={hint}
      control={(described) => (
        <textarea
          rows={3}
          {...textareaProps}
          className={inputClass}
          {...described}
        />
      )}
    />
  );
}

export function CheckboxField({
  label,
  hint,
  errors,
  inputProps,
}: {
  label: ReactNode;
  /** A sentence under the label saying what the choice does. */
  hint?: string;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
}) {
  const { errorId, hintId } = describingIds(inputProps.id, errors, hint);
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          {...inputProps}
          className="h-4 w-4 shrink-0 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={inputProps.id} className="text-sm text-gray-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 pl-6 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * The form-level error: what went wrong with a submitted form that belongs to no one field
 * (decision 0033). `title` is the spec's toast title for that
 * failure ('Request failed', 'Login failed'…), shown as the heading of the box instead of in
 * a toast; the messages are the spec's toast messages.
 */
export function FormError({
  id,
  title,
  errors,
}: {
  id?: string;
  title?: string;
  errors?: string[] | null;
}) {
  const text = useMessageText();
  if (!errors?.length) return <div id={id} hidden />;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <ul className={title ? "mt-1 space-y-0.5" : "space-y-0.5"}>
        {errors.map((e) => (
          <li key={e}>{text(e)}</li>
        ))}
      </ul>
    </div>
  );
}
