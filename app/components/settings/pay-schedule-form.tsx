import { getSelectProps, type SubmissionResult } from "@conform-to/react";
import { SubmitRow } from "~/components/ui/submit-row";
import { Card } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/error-list";

import { selectClass } from "~/components/ui/field";
import {
  InputField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";
import { PAY_FREQUENCY_VALUES, type PaySchedule } from "~/utils/pay-schedule";
import { payScheduleSchema } from "~/validation/settings";

// The company's pay schedule on /settings (DESIGN §4 Settings): deductions fall on its pay
// dates. The same schema checks it here and on the server (and PUT /api/pay-schedule).
export function PayScheduleForm({
  schedule,
  today,
  lastResult,
}: {
  schedule: PaySchedule;
  /** The server's today (yyyy-MM-dd): the earliest next pay date the server accepts. */
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({
    id: "pay-schedule",
    schema: payScheduleSchema,
    lastResult,
    defaultValue: schedule,
  });
  const errorId = fields.frequency.errors?.length
    ? `${fields.frequency.id}-error`
    : undefined;
  const t = useT("settings");
  return (
    <Card title={t("schedule.title")}>
      <SchemaForm form={form} method="post" className="space-y-4">
        <input type="hidden" name="intent" value="pay-schedule" />
        <p className="text-sm text-gray-700">{t("schedule.text")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label
              htmlFor={fields.frequency.id}
              className="mb-1 block text-sm font-medium text-gray-800"
            >
              {t("schedule.frequency")}
            </label>
            <select
              {...getSelectProps(fields.frequency)}
              aria-invalid={errorId ? true : undefined}
              aria-describedby={errorId}
              className={selectClass}
            >
              {PAY_FREQUENCY_VALUES.map((f) => (
                <option key={f} value={f}>
                  {t(`schedule.frequencies.${f}`)}
                </option>
              ))}
            </select>
            <ErrorList id={errorId} errors={fields.frequency.errors} />
          </div>
          {/* A date picker: the browser's own calendar, past days greyed out (`min`). The
              server refuses a past date with its message, with or without JavaScript. */}
          <InputField
            label={t("schedule.nextPayDate")}
            field={fields.nextPayDate}
            type="date"
            min={today}
            hint={t("schedule.nextPayDateHint")}
          />
        </div>
        <SubmitRow
          form={form}
          errorTitle={t("schedule.failed")}
          pending={pending}
          pendingLabel={t("schedule.saving")}
        >
          {t("schedule.save")}
        </SubmitRow>
      </SchemaForm>
    </Card>
  );
}
