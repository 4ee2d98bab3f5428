import type * as Entry from "~/entry.server";
// scripts/ is compiled on its own at build time (scripts/tsconfig.build.json), outside the
// app's aliases, so none reaches it.
// eslint-disable-next-line no-restricted-imports
import type { ServerEntry } from "../../scripts/server-build";

// The production server and the operator CLI (scripts/server.ts, scripts/cli.ts) load the
// Remix build at run time and call its entry module through the ServerEntry contract. The type
// check (`npm run typecheck`) holds app/entry.server.tsx to that contract, so an export the
// server calls cannot be renamed or change its signature unnoticed.
describe("the server build's entry module", () => {
  it("exports what the production server and the CLI call", () => {
    expectTypeOf<typeof Entry>().toExtend<ServerEntry>();
  });
});
