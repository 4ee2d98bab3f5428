import * as z from "zod";
import { parseId } from "~/utils/ids";

/** A form or JSON field holding a record id (`parseId`); anything else gets `message`. */
export const idField = (message: string) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((value, ctx) => {
      const id = parseId(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });
