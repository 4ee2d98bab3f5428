import * as z from "zod";
import { LANGUAGES } from "~/utils/i18n";

/** The language switch's form (POST /language): the language chosen, the page to go back to. */
export const languageSchema = z.object({
  language: z.enum(LANGUAGES, { error: "Choose English or Spanish" }),
  redirectTo: z.string().max(2000).optional(),
});
