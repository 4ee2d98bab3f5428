import { z } from "zod";
import { isDatabaseUrl } from "./database-url";

// Every environment variable the server reads, checked once at start-up (DESIGN §9).
const schema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"])
      .default("development"),
    PORT: z.coerce.number().int().positive().default(3000),
    // Worker processes of the production server (scripts/server/cluster.ts); unset: one per
    // core. Always one on the embedded database.
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // The proxies in front of the server, as Express's "trust proxy" takes them: a hop count
    // ("1"), "true"/"false", or addresses and names ("loopback, 10.0.0.0/8"). Unset: none.
    TRUST_PROXY: z.string().trim().min(1).optional(),
    // One host or several (a high-availability formation's URL).
    DATABASE_URL: z
      .string()
      .refine(
        isDatabaseUrl,
        "must be postgres://user[:password]@host[:port][,host2[:port]…]/database",
      )
      .optional(),
    // "false" behind a pooler that cannot keep prepared statements (PgBouncer before 1.21 in
    // transaction mode).
    DATABASE_PREPARED_STATEMENTS: z.enum(["true", "false"]).default("true"),
    // Connections each app process (each worker) keeps to PostgreSQL for requests; the job
    // queue has its own few (decision 0089).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().default(".data"),
    SESSION_SECRET: z.string().min(16).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    // Test-only: where the stripe SDK sends its calls (a fake Stripe server on 127.0.0.1).
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    SUPPORT_EMAIL: z.string().email().default("support@groceryadvance.com"),
    SEED_DEMO: z.enum(["true", "false"]).default("true"),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    // Requests one API key may make per API_KEY_RATE_WINDOW_SECONDS, counted in PostgreSQL so
    // the limit holds across instances.
    API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
    API_KEY_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    // Development and tests only: webhooks may go to private, loopback and link-local
    // addresses, and over plain http.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.enum(["true", "false"]).default("false"),
    // How long one webhook delivery may take before it counts as failed.
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    // Invitations one company may send (each send and resend, a roster import's rows counted
    // when it is confirmed), in the last hour and the last 24 hours; the UNCONFIRMED_ pair
    // while no owner of the company has confirmed their e-mail address (decision 0099).
    INVITATIONS_PER_HOUR: z.coerce.number().int().positive().default(10_000),
    INVITATIONS_PER_DAY: z.coerce.number().int().positive().default(20_000),
    UNCONFIRMED_INVITATIONS_PER_HOUR: z.coerce
      .number()
      .int()
      .positive()
      .default(250),
    UNCONFIRMED_INVITATIONS_PER_DAY: z.coerce
      .number()
      .int()
      .positive()
      .default(250),
    // Registrations allowed per address per LOGIN_WINDOW_MINUTES.
    REGISTER_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(20),
    // Session lifetimes (decision 0025).
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
    SESSION_REMEMBER_DAYS: z.coerce.number().int().positive().default(30),
    SESSION_REMEMBER_IDLE_DAYS: z.coerce.number().int().positive().default(7),
    // E-mail: unset SMTP_URL keeps every mail in the outbox
    // table, shown to its recipient at /outbox.
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z
      .string()
      .min(3)
      .default("Grocery Advance <no-reply@groceryadvance.com>"),
    // The address links in e-mail start with. Required when mail leaves the machine (SMTP_URL);
    // unset without SMTP: http://localhost:PORT. Never taken from a request (decision 0068).
    APP_URL: z.string().url().optional(),
    // Host names the server answers besides APP_URL's host and localhost (comma-separated).
    ALLOWED_HOSTS: z.string().optional(),
    // Web Push: the VAPID key pair, both or neither; unset, a pair is generated
    // once and kept in DATA_DIR. Several instances must share one pair.
    VAPID_PUBLIC_KEY: z.string().min(40).optional(),
    VAPID_PRIVATE_KEY: z.string().min(20).optional(),
    // Development and tests only: push subscriptions may name plain-http and loopback push
    // services (a local receiver). Real push services are https on public addresses.
    PUSH_ALLOW_LOCAL_ENDPOINTS: z.enum(["true", "false"]).default("false"),
    // The job worker runs inside each app process unless this is "false" (then run
    // `node build/scripts/cli.js worker` separately).
    WORKER_IN_APP: z.enum(["true", "false"]).default("true"),
    // The payroll connection through Finch: off while FINCH_CLIENT_ID is
    // unset. FINCH_TOKEN_KEYS: comma-separated base64 keys of 32 bytes; the first seals new access
    // tokens, every one opens (rotation: put the new key first, keep the old after it until
    // every token was sealed again). FINCH_BASE_URL: tests point the SDK at a fake Finch.
    FINCH_CLIENT_ID: z.string().min(1).optional(),
    FINCH_CLIENT_SECRET: z.string().min(1).optional(),
    FINCH_REDIRECT_URI: z.string().url().optional(),
    FINCH_TOKEN_KEYS: z.string().optional(),
    FINCH_BASE_URL: z.string().url().optional(),
    // "finch" or "provider": Finch Connect opens Finch's sandbox (development only).
    FINCH_SANDBOX: z.enum(["finch", "provider"]).optional(),
    // A deployment's own state rule table (the shape of app/utils/state-rules.data.ts); unset: the
    // shipped table (docs/compliance.md).
    STATE_RULES_PATH: z.string().optional(),
    // A JSON file that replaces the shipped list of superstores where the card may be used
    // (app/models/cards/superstores.data.ts, as JSON).
    SUPERSTORES_FILE: z.string().min(1).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.FINCH_CLIENT_ID) {
      for (const name of [
        "FINCH_CLIENT_SECRET",
        "FINCH_REDIRECT_URI",
        "FINCH_TOKEN_KEYS",
      ] as const)
        if (!value[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "required when FINCH_CLIENT_ID is set",
          });
      const keys = (value.FINCH_TOKEN_KEYS ?? "").split(",").filter(Boolean);
      if (keys.some((k) => Buffer.from(k.trim(), "base64").length !== 32))
        ctx.addIssue({
          code: "custom",
          path: ["FINCH_TOKEN_KEYS"],
          message:
            "each key must be 32 random bytes in base64 (openssl rand -base64 32)",
        });
    }
    if (value.SMTP_URL && !value.APP_URL)
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message:
          "required when SMTP_URL is set: links in e-mail are built from APP_URL, never from a request",
      });
  });

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests change process.env between cases; this forgets the parsed copy. */
export function resetEnvCache() {
  cached = undefined;
}
