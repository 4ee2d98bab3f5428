import { readFileSync } from "node:fs";
import { z } from "zod";
import { SUPERSTORE_CATEGORIES } from "~/services/payments/index.server";
import { env } from "~/utils/env.server";
import shipped from "./superstores.data";

// Superstores where the grocery card may be used (decision 0114): at a superstore
// category (5300 wholesale clubs, 5310 discount stores, 5311 department stores) a purchase is
// approved only at a merchant on a reviewed list, shipped as data (superstores.data.ts, with its
// source) and replaced per deployment by the JSON file SUPERSTORES_FILE names, of the same shape.
// A merchant is listed by the network's merchant id (Stripe's merchant_data.network_id) when
// the list gives ids, or by the name on the statement ("WALMART SUPERCENTER #1234" starts with
// the listed name WALMART, as a whole word).

const code = z.enum(["5300", "5310", "5311"]);

const listSchema = z.object({
  reviewed: z.string().min(1),
  source: z.string().min(1),
  merchants: z
    .array(
      z.object({
        name: z.string().min(1),
        names: z.array(z.string().min(1)),
        merchantIds: z.array(z.string().min(1)).default([]),
        categories: z.array(code).min(1),
        source: z.string().min(1),
      }),
    )
    .min(1),
});

export type SuperstoreList = z.output<typeof listSchema>;

/** Upper case, letters and digits only, words separated by one space. */
function normalizeMerchantName(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

let cached: { file: string | undefined; list: SuperstoreList } | undefined;

/** The list in force: the deployment's file when SUPERSTORES_FILE is set, else the shipped one. */
export function superstoreList(): SuperstoreList {
  const file = env().SUPERSTORES_FILE;
  if (cached && cached.file === file) return cached.list;
  let raw: unknown = shipped;
  if (file) {
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(
        `SUPERSTORES_FILE ${file} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const parsed = listSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `The superstore list ${file ?? "superstores.data.ts"} is not valid: ${parsed.error.issues
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ")}`,
    );
  cached = { file, list: parsed.data };
  return parsed.data;
}

/** The merchant category code of a superstore category (Stripe's name), or null. */
export function superstoreCode(category: string): string | null {
  return SUPERSTORE_CATEGORIES[category] ?? null;
}

/** The listed superstore a purchase at `categoryCode` was made at, or null. */
export function listedSuperstore(
  merchant: { name: string; merchantId?: string | null },
  categoryCode: string,
  list: SuperstoreList = superstoreList(),
): string | null {
  const name = normalizeMerchantName(merchant.name);
  for (const entry of list.merchants) {
    if (!entry.categories.includes(categoryCode as z.output<typeof code>))
      continue;
    if (merchant.merchantId && entry.merchantIds.includes(merchant.merchantId))
      return entry.name;
    for (const listed of entry.names) {
      const prefix = normalizeMerchantName(listed);
      if (name === prefix || name.startsWith(`${prefix} `)) return entry.name;
    }
  }
  return null;
}

/** The listed superstores' names, in the list's order (the card page names them). */
export function superstoreNames(
  list: SuperstoreList = superstoreList(),
): string[] {
  return list.merchants.map((m) => m.name);
}
