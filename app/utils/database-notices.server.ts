// What PostgreSQL says to the app besides results: its notices. Most are chatter ("relation
// already exists, skipping" from migrations) and are dropped. A WARNING is logged, with its
// time, driver, code and text, because one of them is a fact about money: "canceling wait for
// synchronous replication due to user request" means the server acknowledged a commit that its
// synchronous standby had not confirmed. pg_auto_failover sends that cancel when it turns
// synchronous replication off (a primary going to wait_primary); if that server is then failed
// over before the standby has the commit, the acknowledged write is gone (decision 0093).

type Notice = {
  severity?: string;
  code?: string;
  message?: string;
  detail?: string;
};

const SEVERE = new Set(["WARNING", "ERROR", "FATAL", "PANIC"]);

/** The commit was acknowledged to the client though the standby had not confirmed it. */
function acknowledgedWithoutStandby(notice: Notice): boolean {
  return (
    notice.severity === "WARNING" &&
    /canceling wait for synchronous replication due to user request/i.test(
      notice.message ?? "",
    )
  );
}

let unconfirmedCommits = 0;

/**
 * How many commits this process has seen acknowledged without the synchronous standby's
 * confirmation, on any connection of either driver.
 */
export function commitsAcknowledgedWithoutStandby(): number {
  return unconfirmedCommits;
}

/** postgres.js's `onnotice` and node-postgres's `notice` event both end here. */
export function onDatabaseNotice(
  driver: "postgres.js" | "node-postgres",
  notice: Notice,
): void {
  const severity = notice.severity ?? "";
  if (!SEVERE.has(severity)) return;
  const unconfirmed = acknowledgedWithoutStandby(notice);
  if (unconfirmed) unconfirmedCommits += 1;
  console.warn(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "warn",
      msg: unconfirmed
        ? "a commit was acknowledged without the synchronous standby's confirmation; it is lost if this server is failed over before the standby has it"
        : "database warning",
      driver,
      severity,
      code: notice.code,
      message: notice.message,
      detail: notice.detail,
    }),
  );
}
