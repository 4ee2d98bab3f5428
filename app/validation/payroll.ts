import * as z from "zod";

export const runPayrollSchema = z.object({
  confirm: z
    .string({
      error: "Please confirm that this payroll's deductions were collected.",
    })
    .refine((v) => v === "on" || v === "true", {
      message: "Please confirm that this payroll's deductions were collected.",
    }),
});
