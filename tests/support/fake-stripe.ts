import http from "node:http";
import type { AddressInfo } from "node:net";

// A small fake of the Stripe API on 127.0.0.1 for the real `stripe` SDK (DESIGN §7): the
// endpoints the app calls, form-encoded bodies as the SDK sends them, idempotency keys that
// replay the first answer, every request recorded, and injected 500s.

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  /** The Stripe-Version header the SDK sent for this call. */
  stripeVersion: string | null;
  status: number;
};

type Failure = {
  remaining: number;
  method?: string;
  path?: string | RegExp;
  /** Process the request (and keep its idempotent result) but answer 500: a lost response. */
  afterProcessing: boolean;
};

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json };

/** `a[b][0][c]=v` → { a: { b: [ { c: "v" } ] } }, as Stripe reads the SDK's bodies. */
function parseStripeForm(text: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1];
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

const notFound = (type: string, id: string): Answer => ({
  status: 404,
  body: {
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${type}: '${id}'`,
    },
  },
});

const invalid = (message: string): Answer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message } },
});

const list = (path: string, data: Json[]): Answer => ({
  status: 200,
  body: { object: "list", data, has_more: false, url: path },
});

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, Json>();
  readonly cardholders = new Map<string, Json>();
  readonly cards = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  private readonly replays = new Map<string, Answer>();
  private failures: Failure[] = [];
  private counter = 0;
  private readonly usedNonces = new Set<string>();
  private server: http.Server | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let text = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (text += chunk));
      req.on("end", () => {
        const answer = this.handle(req, text);
        res.writeHead(answer.status, {
          "Content-Type": "application/json",
          "Request-Id": `req_fake_${++this.counter}`,
        });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) =>
      this.server!.listen(0, "127.0.0.1", resolve),
    );
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  /** The next `times` matching calls answer 500 (before or after doing their work). */
  failNext(
    times: number,
    match: {
      method?: string;
      path?: string | RegExp;
      afterProcessing?: boolean;
    } = {},
  ) {
    this.failures.push({
      remaining: times,
      method: match.method,
      path: match.path,
      afterProcessing: match.afterProcessing ?? false,
    });
  }

  /** What the browser's confirmPayment would do at Stripe. */
  setIntentStatus(id: string, status: string) {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    intent.status = status;
    if (status === "requires_capture") intent.amount_capturable = intent.amount;
    if (status === "succeeded" && intent.capture_method !== "manual")
      intent.amount_received = intent.amount;
  }

  /**
   * The browser's confirmPayment of a card payment: a manual-capture intent now holds its
   * amount (requires_capture), an automatic one is paid in full (succeeded).
   */
  confirmIntent(id: string) {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    this.setIntentStatus(
      id,
      intent.capture_method === "manual" ? "requires_capture" : "succeeded",
    );
  }

  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) =>
        r.method === method &&
        (typeof path === "string" ? r.path === path : path.test(r.path)),
    );
  }

  reset() {
    this.requests.length = 0;
    this.intents.clear();
    this.cardholders.clear();
    this.cards.clear();
    this.refunds.clear();
    this.replays.clear();
    this.failures = [];
  }

  private takeFailure(method: string, path: string): Failure | undefined {
    const failure = this.failures.find(
      (f) =>
        f.remaining > 0 &&
        (!f.method || f.method === method) &&
        (!f.path ||
          (typeof f.path === "string" ? f.path === path : f.path.test(path))),
    );
    if (failure) failure.remaining -= 1;
    return failure;
  }

  private handle(req: http.IncomingMessage, text: string): Answer {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const query = parseStripeForm(url.search.slice(1));
    const body = method === "POST" ? parseStripeForm(text) : {};
    const header = req.headers["idempotency-key"];
    const idempotencyKey = typeof header === "string" ? header : null;
    const version = req.headers["stripe-version"];
    const record: RecordedRequest = {
      method,
      path,
      query,
      body,
      idempotencyKey,
      stripeVersion: typeof version === "string" ? version : null,
      status: 0,
    };
    this.requests.push(record);

    const serverError: Answer = {
      status: 500,
      body: {
        error: { type: "api_error", message: "An unknown error occurred" },
      },
    };
    const failure = this.takeFailure(method, path);
    if (failure && !failure.afterProcessing) {
      record.status = 500;
      return serverError;
    }
    const replayKey = idempotencyKey
      ? `${method} ${path} ${idempotencyKey}`
      : "";
    let answer = replayKey ? this.replays.get(replayKey) : undefined;
    if (!answer) {
      answer = this.route(method, path, query, body, record.stripeVersion);
      if (replayKey && answer.status < 500) this.replays.set(replayKey, answer);
    }
    if (failure) answer = serverError;
    record.status = answer.status;
    return answer;
  }

  private nextId(prefix: string) {
    this.counter += 1;
    return `${prefix}_fake_${this.counter}`;
  }

  private route(
    method: string,
    path: string,
    query: Json,
    body: Json,
    stripeVersion: string | null,
  ): Answer {
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/ephemeral_keys") {
      // As Stripe: an ephemeral key names its API version, and an Issuing card's key needs the
      // nonce Stripe.js made for that card (here: any nonce not used before).
      if (!stripeVersion)
        return invalid(
          "Stripe-Version header is required when creating ephemeral keys.",
        );
      const card = this.cards.get(String(body.issuing_card));
      if (!card) return notFound("issuing.card", String(body.issuing_card));
      const nonce = String(body.nonce ?? "");
      if (!nonce || this.usedNonces.has(nonce))
        return invalid("Invalid or already used nonce.");
      this.usedNonces.add(nonce);
      const id = this.nextId("ephkey");
      const created = Math.floor(Date.now() / 1000);
      return {
        status: 200,
        body: {
          id,
          object: "ephemeral_key",
          associated_objects: [{ id: card.id, type: "issuing.card" }],
          created,
          expires: created + 15 * 60,
          livemode: false,
          secret: `ek_test_fake_${this.counter}`,
        },
      };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return invalid("Invalid amount");
      if (body.currency !== "usd") return invalid("Invalid currency");
      const id = this.nextId("pi");
      const apm = body.automatic_payment_methods as Json | undefined;
      const intent: Json = {
        id,
        object: "payment_intent",
        amount,
        currency: body.currency,
        status: "requires_payment_method",
        client_secret: `${id}_secret_fake`,
        automatic_payment_methods: apm
          ? { enabled: apm.enabled === "true" }
          : null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        last_payment_error: null,
        capture_method: body.capture_method ?? "automatic",
        amount_capturable: 0,
        amount_received: 0,
        canceled_at: null,
      };
      this.intents.set(id, intent);
      return { status: 200, body: intent };
    }
    if (
      method === "GET" &&
      (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))
    ) {
      const intent = this.intents.get(match[1]);
      return intent
        ? { status: 200, body: intent }
        : notFound("payment_intent", match[1]);
    }
    if (
      method === "POST" &&
      (match = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path))
    ) {
      const intent = this.intents.get(match[1]);
      if (!intent) return notFound("payment_intent", match[1]);
      if (intent.status !== "requires_capture")
        return invalid(
          `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}.`,
        );
      const capturable = Number(intent.amount_capturable);
      const amount =
        body.amount_to_capture === undefined
          ? capturable
          : Number(body.amount_to_capture);
      if (!Number.isInteger(amount) || amount <= 0 || amount > capturable)
        return invalid("Invalid amount_to_capture");
      // Stripe releases whatever is not captured.
      intent.status = "succeeded";
      intent.amount_received = amount;
      intent.amount_capturable = 0;
      return { status: 200, body: intent };
    }
    if (
      method === "POST" &&
      (match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))
    ) {
      const intent = this.intents.get(match[1]);
      if (!intent) return notFound("payment_intent", match[1]);
      if (intent.status === "succeeded" || intent.status === "canceled")
        return invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
        );
      intent.status = "canceled";
      intent.amount_capturable = 0;
      intent.canceled_at = Math.floor(Date.now() / 1000);
      intent.cancellation_reason = body.cancellation_reason ?? null;
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const id = String(body.payment_intent);
      const intent = this.intents.get(id);
      if (!intent) return notFound("payment_intent", id);
      if (intent.status !== "succeeded")
        return invalid(
          `This PaymentIntent does not have a successful charge to refund.`,
        );
      if (Number(intent.amount_refunded ?? 0) > 0)
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: `Charge for ${id} has already been refunded.`,
            },
          },
        };
      intent.amount_refunded = intent.amount_received;
      const refund: Json = {
        id: this.nextId("re"),
        object: "refund",
        amount: intent.amount_received,
        currency: intent.currency,
        payment_intent: id,
        reason: body.reason ?? null,
        status: "succeeded",
      };
      this.refunds.set(String(refund.id), refund);
      return { status: 200, body: refund };
    }
    if (path === "/v1/issuing/cardholders" && method === "GET") {
      const all = [...this.cardholders.values()];
      return list(
        path,
        query.email ? all.filter((c) => c.email === query.email) : all,
      );
    }
    if (path === "/v1/issuing/cardholders" && method === "POST") {
      const billing = body.billing as { address?: Json } | undefined;
      if (!body.name || !billing?.address?.line1)
        return invalid("Missing required param: name or billing[address]");
      const id = this.nextId("ich");
      const holder: Json = {
        id,
        object: "issuing.cardholder",
        type: body.type,
        name: body.name,
        email: body.email ?? null,
        status: body.status ?? "active",
        billing,
        metadata: body.metadata ?? {},
      };
      this.cardholders.set(id, holder);
      return { status: 200, body: holder };
    }
    if (path === "/v1/issuing/cards" && method === "GET") {
      const all = [...this.cards.values()];
      return list(
        path,
        query.cardholder
          ? all.filter((c) => c.cardholder === query.cardholder)
          : all,
      );
    }
    if (path === "/v1/issuing/cards" && method === "POST") {
      const holder = this.cardholders.get(String(body.cardholder));
      if (!holder) return notFound("cardholder", String(body.cardholder));
      const id = this.nextId("ic");
      const last4 = String(1000 + (this.counter % 9000)).slice(-4);
      const controls = (body.spending_controls ?? {}) as {
        allowed_categories?: string[];
        spending_limits?: Array<{ amount: string; interval: string }>;
      };
      const card: Json = {
        id,
        object: "issuing.card",
        cardholder: holder.id,
        currency: body.currency,
        type: body.type,
        status: body.status ?? "inactive",
        last4,
        exp_month: 11,
        exp_year: new Date().getFullYear() + 3,
        // As if expanded: the app must never keep these.
        number: `400000999000${last4}`,
        cvc: "987",
        spending_controls: {
          allowed_categories: controls.allowed_categories ?? null,
          spending_limits: (controls.spending_limits ?? []).map((l) => ({
            amount: Number(l.amount),
            interval: l.interval,
          })),
        },
        metadata: body.metadata ?? {},
      };
      this.cards.set(id, card);
      return { status: 200, body: card };
    }
    if (
      method === "POST" &&
      (match = /^\/v1\/issuing\/cards\/([^/]+)$/.exec(path))
    ) {
      const card = this.cards.get(match[1]);
      if (!card) return notFound("issuing.card", match[1]);
      if (body.status !== undefined) {
        if (!["active", "inactive", "canceled"].includes(String(body.status)))
          return invalid("Invalid status");
        if (card.status === "canceled")
          return invalid("A canceled card cannot be updated.");
        card.status = body.status;
      }
      return { status: 200, body: card };
    }
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
