import type { core } from "zod";

/**
 * For cross-field `superRefine`s: run even when another field already failed (zod skips
 * object refinements after an aborting issue, such as a missing required field), so a form
 * shows every message at once. The refinement must cope with partly invalid values.
 */
export const runWithFieldErrors = {
  when: (payload: core.ParsePayload) =>
    typeof payload.value === "object" && payload.value !== null,
};
