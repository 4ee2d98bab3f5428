// A field's messages. Its own module: pages that show messages without a form library (the
// session list) do not take the form fields' module with them.
import { useMessageText } from "~/utils/i18n";

export function ErrorList({
  id,
  errors,
}: {
  id?: string;
  errors?: string[] | null;
}) {
  const text = useMessageText();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{text(e)}</li>
      ))}
    </ul>
  );
}
