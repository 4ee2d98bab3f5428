import { z } from "zod";
import { addEmployee, registerUser } from "~/models/companies/index.server";
import { toPublicUser } from "~/models/people/index.server";
import { userSchema } from "~/validation/api-responses";
import { addEmployeeSchema, registerSchema } from "~/validation/auth";
import { apiRoute } from "~/web/api-contract.server";
import { ok, parseBody } from "~/web/api.server";
import { getUser } from "~/web/auth.server";
import {
  CLIENT_ADDRESS_HEADER,
  createUserSessionHeader,
} from "~/web/session.server";

// Self-registration signs the new user in. With `employerId` in the body it is an employer
// adding an employee: the employer id comes from the session (the body's value is ignored),
// 'Employer ID not found' when nobody is signed in, and the employer's session is left as it
// was.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/register",
    summary:
      "Register (signs the new user in). With `employerId`, a signed-in employer adds an employee: the employer comes from the session and its session is unchanged",
    role: "public",
    body: {
      oneOf: [
        registerSchema,
        addEmployeeSchema.extend({ employerId: z.unknown() }),
      ],
      parse: (body: Record<string, unknown>) =>
        "employerId" in body
          ? {
              kind: "added" as const,
              input: parseBody(addEmployeeSchema, body),
            }
          : {
              kind: "registered" as const,
              input: parseBody(registerSchema, body),
            },
    },
    status: 201,
    response: userSchema,
    errors: [400, 401, 403, 409],
  },
  async ({ request, body }) => {
    if (body.kind === "added")
      return toPublicUser(
        await addEmployee(await getUser(request), body.input),
      );
    const user = await registerUser(body.input, {
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
  },
);
