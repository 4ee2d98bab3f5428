import { action as requestsApi } from "~/routes/api.advance-requests";
import { loader as quoteApi } from "~/routes/api.advance-quote";
import { action as cancelApi } from "~/routes/api.advance-requests.$id.cancel";
import { loader as employeeApi } from "~/routes/api.employee";
import { action as paymentIntentApi } from "~/routes/api.create-payment-intent";
import { requestLanguage } from "~/utils/i18n.server";
import { requestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// JSON API errors in the language of Accept-Language: only `message`
// (and the field messages under `errors`) change; the status, the body's shape, the field
// names and any code stay what they are in English. Each call runs in the request context
// the server adapter opens, with the language it takes from the headers (scripts/server.js:
// the JSON API follows Accept-Language alone).

// One database is enough: what is checked is the language of the API's messages, chosen by the
// request handling; the rows are the callers and their fixtures. (.ci/run runs it on PostgreSQL
// only.)
useTestDatabase();

type Handler = Parameters<typeof call>[0];

async function answer(
  language: string,
  handler: Handler,
  make: (headers: Headers) => Promise<Request>,
  params: Record<string, string> = {},
) {
  const headers = new Headers({ "Accept-Language": language });
  const request = await make(headers);
  const facts = {
    userId: null,
    language: requestLanguage(null, request.headers.get("Accept-Language")),
  };
  const res = await requestContext.run(facts, () =>
    call(handler, request, params),
  );
  return { status: res.status, body: (await res.json()) as ApiBody };
}

type ApiBody = {
  message: string;
  errors?: Record<string, string[]>;
  code?: string;
};

/** The body without its texts: what must not change with the language. */
function shape(body: ApiBody) {
  return {
    keys: Object.keys(body).sort(),
    fields: Object.keys(body.errors ?? {}).sort(),
    code: body.code,
    counts: Object.values(body.errors ?? {}).map((m) => m.length),
  };
}

describe("JSON API errors follow Accept-Language", () => {
  it("the same status, fields and shape in Spanish as in English; the messages in Spanish", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const cases: Array<{
      name: string;
      handler: Handler;
      make: (headers: Headers) => Promise<Request>;
      params?: Record<string, string>;
      status: number;
      english: string;
      spanish: string;
      field?: string;
    }> = [
      {
        name: "an amount that is not a number",
        handler: requestsApi,
        make: (headers) =>
          requestAs(employee, "/api/advance-requests", {
            headers,
            json: { amount: "abc", repaymentPeriods: 1 },
          }),
        status: 400,
        english: "Amount must be a number",
        spanish: "El monto debe ser un número",
        field: "amount",
      },
      {
        name: "an amount under the minimum",
        handler: requestsApi,
        make: (headers) =>
          requestAs(employee, "/api/advance-requests", {
            headers,
            json: { amount: "150.00", repaymentPeriods: 1 },
          }),
        status: 400,
        english: "Minimum amount is $200.00",
        spanish: "El monto mínimo es $200.00",
        field: "amount",
      },
      {
        name: "repayment periods out of range",
        handler: requestsApi,
        make: (headers) =>
          requestAs(employee, "/api/advance-requests", {
            headers,
            json: { amount: "300.00", repaymentPeriods: 7 },
          }),
        status: 400,
        english: "Repayment periods must be 1, 2 or 3",
        spanish: "Los períodos de pago deben ser 1, 2 o 3",
        field: "repaymentPeriods",
      },
      {
        name: "a quote over the maximum",
        handler: quoteApi,
        make: (headers) =>
          requestAs(employee, "/api/advance-quote?amount=900", { headers }),
        status: 400,
        english: "Maximum amount is $500.00",
        spanish: "El monto máximo es $500.00",
        field: "amount",
      },
      {
        name: "cancelling a request that does not exist",
        handler: cancelApi,
        make: (headers) =>
          requestAs(employee, "/api/advance-requests/99999999/cancel", {
            headers,
            method: "POST",
          }),
        params: { id: "99999999" },
        status: 404,
        english: "Advance request not found.",
        spanish: "No se encontró la solicitud de adelanto.",
      },
      {
        name: "paying for a request that does not exist",
        handler: paymentIntentApi,
        make: (headers) =>
          requestAs(employee, "/api/create-payment-intent", {
            headers,
            json: { amount: "300.00", advanceRequestId: 99999999 },
          }),
        status: 404,
        english: "Advance request not found.",
        spanish: "No se encontró la solicitud de adelanto.",
      },
      {
        name: "no sign-in",
        handler: employeeApi,
        make: (headers) => requestAs(null, "/api/employee", { headers }),
        status: 401,
        english: "Authentication required",
        spanish: "Se requiere iniciar sesión",
      },
    ];
    for (const c of cases) {
      const en = await answer("en-US,en;q=0.9", c.handler, c.make, c.params);
      const es = await answer(
        "es-MX,es;q=0.9,en;q=0.5",
        c.handler,
        c.make,
        c.params,
      );
      expect(en.status, c.name).toBe(c.status);
      expect(es.status, c.name).toBe(c.status);
      expect(en.body.message, c.name).toBe(c.english);
      expect(es.body.message, c.name).toBe(c.spanish);
      expect(shape(es.body), c.name).toEqual(shape(en.body));
      if (c.field) {
        expect(en.body.errors?.[c.field], c.name).toEqual([c.english]);
        expect(es.body.errors?.[c.field], c.name).toEqual([c.spanish]);
      }
    }
  });

  it("a language it does not have, or none, is English", async () => {
    const employee = await createEmployee(await createEmployer());
    for (const language of ["fr-FR,fr;q=0.9", ""]) {
      const { status, body } = await answer(language, requestsApi, (headers) =>
        requestAs(employee, "/api/advance-requests", {
          headers,
          json: { amount: "abc" },
        }),
      );
      expect(status).toBe(400);
      expect(body.message).toBe("Amount must be a number");
    }
  });
});
