import { sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "./db.server";

/**
 * Gives a graphile-worker job again to each row of `table` that still has work to do
 * (`unfinished`, over the alias `t`) and no job keyed `<keyPrefix>:<id>`, in one statement
 * (decision 0090). The job is added as the row's own code adds it: the same task, key,
 * payload (`{ [payloadKey]: id }`), attempts and named queue (`queue`, over `t`, if any).
 * PostgreSQL only. Returns the ids given a job.
 */
export async function requeueRowsWithoutJob(sweep: {
  table: string;
  unfinished: SQL;
  task: string;
  keyPrefix: string;
  payloadKey: string;
  maxAttempts: number;
  limit: number;
  queue?: SQL;
}): Promise<number[]> {
  const key = `${sweep.keyPrefix}:`;
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`with orphaned as (
          select t.id, ${sweep.queue ?? sql`null`}::text as queue
          from ${sql.identifier(sweep.table)} t
          where ${sweep.unfinished}
            and not exists (select 1 from graphile_worker.jobs j where j.key = ${key} || t.id)
          order by t.id limit ${sweep.limit})
        select id::int as id,
          graphile_worker.add_job(${sweep.task}, json_build_object(${sweep.payloadKey}::text, id),
            queue_name := queue, job_key := ${key} || id,
            max_attempts := ${sweep.maxAttempts}) is not null as added
        from orphaned`,
  );
  return rows.map((r) => r.id);
}
