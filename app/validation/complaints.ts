import * as z from "zod";
import {
  COMPLAINT_DETAILS_MAX,
  COMPLAINT_NOT_FOUND,
  COMPLAINT_RESOLUTION_MAX,
} from "~/utils/rules";
import { idField } from "./id-field";
import { optionalText } from "./common";

// The complaint forms: an employee files one (/complaints, POST /api/complaints); an owner or
// admin moves it to review or resolves it (/complaint-queue, POST /api/company-complaints/…).

/** The same list as db/schema/complaints.ts's (the browser's forms must not load the schema). */
export const COMPLAINT_CATEGORIES = [
  "ADVANCE",
  "DEDUCTION",
  "CARD_PURCHASE",
  "OTHER",
] as const;

const CATEGORY_REQUIRED = "Choose what the complaint is about";
const DETAILS_REQUIRED = "Describe the problem";
const DETAILS_TOO_LONG = `Must be at most ${COMPLAINT_DETAILS_MAX} characters`;
const RESOLUTION_REQUIRED = "Write the resolution the employee will read";
const RESOLUTION_TOO_LONG = `Must be at most ${COMPLAINT_RESOLUTION_MAX} characters`;

/** Several lines of text: trimmed, required, bounded. */
const longText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** An employee files a complaint or dispute. */
export const fileComplaintSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { error: CATEGORY_REQUIRED }),
  details: longText(DETAILS_REQUIRED, DETAILS_TOO_LONG, COMPLAINT_DETAILS_MAX),
  subjectReference: optionalText("Reference", 60),
});
export type FileComplaintInput = Omit<
  z.infer<typeof fileComplaintSchema>,
  "subjectReference"
> & { subjectReference?: string };

/** The resolution an owner or admin writes (POST /api/company-complaints/{id}/resolve). */
export const resolveComplaintBodySchema = z.object({
  resolution: longText(
    RESOLUTION_REQUIRED,
    RESOLUTION_TOO_LONG,
    COMPLAINT_RESOLUTION_MAX,
  ),
});

/** The queue's Start review button. */
export const reviewComplaintFormSchema = z.object({
  intent: z.literal("review"),
  complaintId: idField(COMPLAINT_NOT_FOUND),
});

/** The queue's resolve form. */
export const resolveComplaintFormSchema = z.object({
  intent: z.literal("resolve"),
  complaintId: idField(COMPLAINT_NOT_FOUND),
  resolution: resolveComplaintBodySchema.shape.resolution,
});

const QUEUE_FILTERS = [
  "open",
  "all",
  "RECEIVED",
  "IN_REVIEW",
  "RESOLVED",
] as const;

/** GET /api/company-complaints?status=… and the queue page's filter. */
export const complaintQueueQuerySchema = z.object({
  status: z
    .enum(QUEUE_FILTERS, {
      error: "status must be open, all, RECEIVED, IN_REVIEW or RESOLVED",
    })
    .optional()
    .default("all"),
});
