DROP INDEX "advance_requests_employee_id_idx";--> statement-breakpoint
DROP INDEX "advance_requests_status_idx";--> statement-breakpoint
DROP INDEX "advance_requests_request_date_idx";--> statement-breakpoint
CREATE INDEX "advance_requests_pending_idx" ON "advance_requests" USING btree ("employee_id") WHERE "advance_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "advance_requests_approved_idx" ON "advance_requests" USING btree ("employee_id","amount") WHERE "advance_requests"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "advance_requests_approval_date_idx" ON "advance_requests" USING btree ("approval_date","employee_id","amount") WHERE "advance_requests"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "users_employer_name_idx" ON "users" USING btree ("employer_id",lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "advance_requests_employee_id_idx" ON "advance_requests" USING btree ("employee_id","request_date","status","amount");--> statement-breakpoint
CREATE INDEX "advance_requests_status_idx" ON "advance_requests" USING btree ("status","request_date","id");--> statement-breakpoint
CREATE INDEX "advance_requests_request_date_idx" ON "advance_requests" USING btree ("request_date","id");