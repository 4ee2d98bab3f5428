-- The reports' rollup queues (report_deltas, report_moves) are filled by every business
-- transaction and emptied whole by report_rollup_compact() every minute. Readers (the report, the
-- employer dashboard) read the queue whole and join it to employees, so a queue bloated with dead
-- rows, or statistics taken when it held a bulk load, makes every read slow. Vacuum and analyze
-- them after a fixed number of changed rows instead of a fraction of the table
-- (docs/decisions/0064-dashboard-figures-from-the-rollup.md).
ALTER TABLE "report_deltas" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
ALTER TABLE "report_moves" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
