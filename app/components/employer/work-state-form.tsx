import { Form } from "@remix-run/react";
import { useMessageText, useT } from "~/utils/i18n";

/**
 * The employee's work state on their page: its two-letter code, editable by an
 * owner or admin with a plain form post, and the state's name. Loaded as an island: the page's
 * first JavaScript does not carry it, and without JavaScript it posts all the same.
 */
export function WorkStateForm({
  workState,
  workStateName,
  mayEdit,
  error,
  notAvailable,
}: {
  workState: string | null;
  workStateName: string;
  mayEdit: boolean;
  error?: string;
  notAvailable: string;
}) {
  const t = useT("employees");
  const text = useMessageText();
  return (
    <>
      {mayEdit ? (
        <Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="workState" />
          <input
            id="workState"
            name="workState"
            defaultValue={workState ?? ""}
            maxLength={2}
            autoComplete="off"
            className="w-16 rounded-md border border-gray-300 px-2 py-1 uppercase"
          />
          {workStateName || notAvailable}
          <button
            type="submit"
            className="rounded-md border border-gray-300 px-3 py-1"
          >
            {t("details.saveWorkState")}
          </button>
        </Form>
      ) : (
        workStateName || notAvailable
      )}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {text(error)}
        </p>
      ) : null}
    </>
  );
}
