import type { ActionFunctionArgs } from "@remix-run/node";
import { addEmployee } from "~/models/employee.server";
import { registerUser, toPublicUser } from "~/models/user.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
} from "~/web/api.server";
import { getUser } from "~/web/auth.server";
import {
  CLIENT_ADDRESS_HEADER,
  createUserSessionHeader,
} from "~/web/session.server";
import { addEmployeeSchema, registerSchema } from "~/validation/auth";

export async function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/register. Self-registration signs the new user in. With `employerId` in the body
 * it is an employer adding an employee: the employer id comes from the session (the body's
 * value is ignored), 'Employer ID not found' when nobody is signed in, and the employer's
 * session is left as it was.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readJson(request);
    if ("employerId" in body) {
      const input = parseBody(addEmployeeSchema, body);
      const user = await addEmployee(await getUser(request), input);
      return ok(toPublicUser(user), 201);
    }
    const input = parseBody(registerSchema, body);
    const user = await registerUser(input, {
      address: request.headers.get(CLIENT_ADDRESS_HEADER),
    });
    const response = ok(toPublicUser(user), 201);
    response.headers.append(
      "Set-Cookie",
      await createUserSessionHeader(
        request,
        { userId: user.id, role: user.role },
        false,
      ),
    );
    return response;
  });
}
