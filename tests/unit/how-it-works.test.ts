import { loader as forgotLoader } from "~/routes/forgot-password";
import { loader as howLoader } from "~/routes/how-it-works";
import { resetEnvCache } from "~/utils/env.server";
import { call } from "#tests/support/factories";
import { isoDate } from "~/utils/dates";
import { addDays } from "date-fns";

const get = (path: string) => new Request(`http://localhost${path}`);

describe("/how-it-works and /forgot-password loaders", () => {
  const saved = process.env.SUPPORT_EMAIL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SUPPORT_EMAIL;
    else process.env.SUPPORT_EMAIL = saved;
    resetEnvCache();
  });

  it("show the support address from SUPPORT_EMAIL, with the default when unset", async () => {
    delete process.env.SUPPORT_EMAIL;
    resetEnvCache();
    const byDefault = await (
      await call(howLoader, get("/how-it-works"))
    ).json();
    expect(byDefault.supportEmail).toBe("support@groceryadvance.com");

    process.env.SUPPORT_EMAIL = "help@example.org";
    resetEnvCache();
    expect(
      (await (await call(howLoader, get("/how-it-works"))).json()).supportEmail,
    ).toBe("help@example.org");
    expect(
      (await (await call(forgotLoader, get("/forgot-password"))).json())
        .supportEmail,
    ).toBe("help@example.org");
  });

  it("computes the calculator from the query: snapped amount, default pay date", async () => {
    const data = await (
      await call(howLoader, get("/how-it-works?amount=650&payDate=nope"))
    ).json();
    expect(data.today).toBe(isoDate(new Date()));
    expect(data.calculator).toEqual({
      amount: 500,
      payDate: isoDate(addDays(new Date(), 14)),
    });
  });
});
