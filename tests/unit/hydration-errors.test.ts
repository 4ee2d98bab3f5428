import { createRequire } from "node:module";

// The browser rebuilds a route's server error from the page's hydration data (Remix's
// `deserializeErrors`, run by RemixBrowser). Remix 2.17.5 called whatever global the data's
// `__subType` named as a constructor with the data's message (CVE-2026-53666): "Function"
// compiled the message into a function. The backported fix (patches/, SECURITY.md) rebuilds
// only the standard Error subtypes; any other name gives a plain Error. Both builds are
// checked: the browser bundle is made from the ESM one.

const require = createRequire(import.meta.url);
type Deserialize = (
  errors: Record<string, unknown> | null,
) => Record<string, unknown> | null;
const builds: [string, Deserialize][] = [
  [
    "CommonJS",
    (
      require("@remix-run/react/dist/errors.js") as {
        deserializeErrors: Deserialize;
      }
    ).deserializeErrors,
  ],
];

beforeAll(async () => {
  const esm = (await import(
    // @ts-expect-error: the package's ESM build has no types of its own
    "@remix-run/react/dist/esm/errors.js"
  )) as { deserializeErrors: Deserialize };
  builds.push(["ESM", esm.deserializeErrors]);
});

/** Runs `deserializeErrors` with the page's globals as `window`, as in a browser. */
function hydrate(deserialize: Deserialize, errors: Record<string, unknown>) {
  const globals = globalThis as Record<string, unknown>;
  globals.window = globalThis;
  try {
    return deserialize(errors) ?? {};
  } finally {
    delete globals.window;
  }
}

describe("hydrating a route's server error", () => {
  it("builds a plain Error for any name that is not an Error subtype", () => {
    for (const [build, deserialize] of builds) {
      for (const name of ["Function", "Array", "Object", "URL", "Date"]) {
        const message = "return document.cookie";
        const errors = hydrate(deserialize, {
          "routes/_app": { __type: "Error", __subType: name, message },
        });
        const error = errors["routes/_app"];
        expect(
          Object.prototype.toString.call(error),
          `${build} build, ${name}`,
        ).toBe("[object Error]");
        expect((error as Error).message).toBe(message);
      }
    }
  });

  it("still rebuilds the standard Error subtypes", () => {
    for (const [, deserialize] of builds) {
      for (const name of [
        "EvalError",
        "RangeError",
        "ReferenceError",
        "SyntaxError",
        "TypeError",
        "URIError",
      ]) {
        const errors = hydrate(deserialize, {
          root: { __type: "Error", __subType: name, message: "m" },
        });
        expect((errors.root as Error).name).toBe(name);
      }
      const plain = hydrate(deserialize, {
        root: { __type: "Error", message: "Unexpected Server Error" },
      });
      expect(plain.root).toBeInstanceOf(Error);
    }
  });
});
