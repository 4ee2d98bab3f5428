import * as z from "zod";
import { dateTime } from "./common";

/** A complaint as the JSON API shows it. */
export const complaintSchema = z.object({
  id: z.number().int(),
  reference: z
    .string()
    .describe("What the employee quotes: CMP- and 8 characters"),
  category: z.enum(["ADVANCE", "DEDUCTION", "CARD_PURCHASE", "OTHER"]),
  details: z.string(),
  subjectReference: z.string().nullable(),
  status: z.enum(["RECEIVED", "IN_REVIEW", "RESOLVED"]),
  resolution: z.string().nullable(),
  createdAt: dateTime,
  acknowledgeBy: dateTime,
  resolveBy: dateTime,
  reviewedAt: dateTime.nullable(),
  resolvedAt: dateTime.nullable(),
  late: z
    .boolean()
    .describe(
      "Open and past its acknowledge-by (while received) or resolve-by date",
    ),
});

/** In the company's queue: who filed it too. */
export const queuedComplaintSchema = complaintSchema.extend({
  employee: z.object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
