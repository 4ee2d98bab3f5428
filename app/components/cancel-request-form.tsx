import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/components/use-is-pending";

// 'Cancel request' is a plain form post to /history (the route that owns the action), from
// /history and from the dashboard's recent activity alike, so it works without JavaScript;
// `redirectTo` brings the employee back.
export function CancelRequestForm({
  requestId,
  amount,
  redirectTo,
}: {
  requestId: number;
  amount: string;
  redirectTo: string;
}) {
  const pending = useIsPending({
    formData: { intent: "cancel", requestId: String(requestId) },
  });
  return (
    <Form method="post" action="/history" className="mt-2">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        variant="secondary"
        className="px-3 py-1 text-xs"
        disabled={pending}
        aria-label={pending ? undefined : `Cancel request for ${amount}`}
      >
        {pending ? "Cancelling..." : "Cancel request"}
      </Button>
    </Form>
  );
}
