import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { toPublicUser } from "~/models/user.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiUser,
} from "~/web/api.server";

// GET /api/user: the current user, 401 when signed out (the client turns that into null).
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => ok(toPublicUser(await requireApiUser(request))));
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
