import { readFileSync } from "node:fs";
import { z } from "zod";
import shipped from "./state-rules.data";
import { env } from "./env.server";
import { US_STATES, type StateRule } from "./state-rules";

// The state rule table (docs/compliance.md): the reviewed file shipped with
// the product, or the file a deployment names in STATE_RULES_PATH (the same shape, checked the
// same way at first use; a bad file stops the server rather than apply rules nobody wrote).

const cents = z.number().int().min(0).nullable();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2025-07-01");

const ruleFields = {
  enabled: z.boolean(),
  registrationRequired: z.boolean(),
  feeCapPerAdvanceCents: cents,
  feeCapPerAdvancePercent: z.number().min(0).max(100).nullable(),
  feeCapPerMonthCents: cents,
  maxAdvances: z
    .object({
      count: z.number().int().min(1),
      days: z.number().int().min(1).max(366),
    })
    .strict()
    .nullable(),
  maxRepaymentPeriods: z.number().int().min(1).max(3),
  noCostOptionRequired: z.boolean(),
  noCostOptionDefault: z.boolean(),
  coolingOffDays: z.number().int().min(0).max(90),
  recordsRetentionYears: z.number().int().min(1).max(30),
  law: z.string().min(1),
  source: z.string().url().startsWith("https://"),
  effectiveDate: day,
  note: z.string(),
};

export const stateRulesFileSchema = z
  .object({
    version: day,
    reviewedBy: z.string().min(1),
    default: z.object(ruleFields).strict(),
    states: z
      .array(
        z
          .object({
            state: z
              .string()
              .refine((code) => code in US_STATES, "a US state code"),
            name: z.string().min(1),
            ...ruleFields,
          })
          .strict(),
      )
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        for (const [i, row] of rows.entries()) {
          if (seen.has(row.state))
            ctx.addIssue({
              code: "custom",
              path: [i, "state"],
              message: `${row.state} appears twice`,
            });
          seen.add(row.state);
          if (row.name !== US_STATES[row.state])
            ctx.addIssue({
              code: "custom",
              path: [i, "name"],
              message: `${row.state} is ${US_STATES[row.state]}`,
            });
        }
      }),
  })
  .strict();

/** The table's rows by state, with the default row, from a file's parsed JSON. */
export function parseStateRules(json: unknown): StateRulesTable {
  const parsed = stateRulesFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `${i.path.join(".")}: ${i.message}`)
      .join("; ");
    throw new Error(`Invalid state rules: ${problems}`);
  }
  const file = parsed.data;
  return {
    version: file.version,
    default: { state: "", name: "", ...file.default },
    states: new Map(file.states.map((row) => [row.state, row])),
  };
}

export type StateRulesTable = {
  version: string;
  default: StateRule;
  states: Map<string, StateRule>;
};

let cached: StateRulesTable | undefined;

/** The table in force: STATE_RULES_PATH's file when set, else the shipped one. */
function stateRules(): StateRulesTable {
  if (!cached) {
    const path = env().STATE_RULES_PATH;
    cached = parseStateRules(
      path ? JSON.parse(readFileSync(path, "utf8")) : shipped,
    );
  }
  return cached;
}

/** Tests change STATE_RULES_PATH between cases; this forgets the table read. */
export function resetStateRulesCache() {
  cached = undefined;
}

/** The rules for work in `code` (the default row for a state without one, or none known). */
export function stateRuleFor(code: string | null): StateRule {
  const table = stateRules();
  const row = code ? table.states.get(code) : undefined;
  if (row) return row;
  return {
    ...table.default,
    state: code ?? "",
    name: US_STATES[code ?? ""] ?? "",
  };
}

// For route loaders and actions: imported from here (a .server module), a route's browser
// bundle does not load the rules module's chunk for a name or a version (the JavaScript budget).
export { DEDUCTION_AUTHORIZATION_VERSION, stateName } from "./state-rules";
