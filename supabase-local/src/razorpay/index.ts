/**
 * The Razorpay sandbox, mounted at /razorpay for offline demos and tests (never a payment):
 *
 *   POST /razorpay/v1/orders          Orders API, Basic auth key_id:key_secret → Razorpay's order entity
 *   GET  /razorpay/v1/orders/:id      the same order (amount_paid and status follow sandbox payments)
 *   GET  /razorpay/checkout.js        the checkout script (checkout-script.ts)
 *   POST /razorpay/v1/checkout/pay    what the script's Success/Failure buttons call: a success is
 *                                     captured and signed like Razorpay signs it (HMAC-SHA256 of
 *                                     order_id|payment_id)
 *   /razorpay/v1/payments/…, /razorpay/v1/refunds/…   payments and the Refunds API (refunds.ts)
 *   /razorpay/v1/payouts…             RazorpayX payouts, the composite API (payouts.ts)
 *
 * Refunds and payouts settle after `settleMs` (or when a test settles them) and are announced by
 * signed webhooks (webhooks.ts) to the configured URL — Razorpay's dashboard setting, here an option
 * (`webhookUrl`, from RAZORPAY_WEBHOOK_URL when served): none configured, none sent.
 *
 * Orders, payments, refunds and payouts live in memory for the life of the server. Errors have
 * Razorpay's shape `{ error: { code, description, source, step, reason, metadata, field? } }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody } from '../http/body.ts';
import type { SurfaceFactory } from '../surface.ts';
import { CHECKOUT_SCRIPT } from './checkout-script.ts';
import { nowSeconds, razorpayId, RazorpayError, readNotes, type RazorpayOrder } from './entities.ts';
import {
  LOCAL_RAZORPAY_KEYS,
  LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
  paymentSignature,
  safeEqual,
  type RazorpayKeys,
} from './keys.ts';
import { PayoutDesk } from './payouts.ts';
import { RefundDesk, type SandboxEffects, type SandboxFaults } from './refunds.ts';
import { Settler, WebhookSender, type WebhookDelivery } from './webhooks.ts';

export type { RazorpayEvent, RazorpayOrder, RazorpayPayout, RazorpayRefund } from './entities.ts';
export type { SandboxFaults } from './refunds.ts';
export type { WebhookDelivery } from './webhooks.ts';
export { FAILURE_VPA, REVERSED_BANK_ACCOUNT } from './payouts.ts';

/** The events a webhook subscribes to unless told otherwise (each refund's and payout's end). */
export const DEFAULT_WEBHOOK_EVENTS: readonly string[] = [
  'refund.processed',
  'refund.failed',
  'payout.processed',
  'payout.reversed',
  'payout.failed',
];

/** What a Razorpay dashboard would hold for the account: the webhook, and the sandbox's pace. */
export interface RazorpaySandboxOptions {
  /**
   * Where webhooks go: an absolute loopback URL, or a path on the API's own origin
   * (e.g. '/functions/v1/<function>'). Unset: no webhooks (no webhook configured on the account).
   */
  webhookUrl?: string;
  /** the webhook's secret (default: the keys' webhook secret, which the functions get too) */
  webhookSecret?: string;
  /** subscribed events (default DEFAULT_WEBHOOK_EVENTS; 'refund.created' and 'payout.initiated' exist too) */
  webhookEvents?: readonly string[];
  /** waits before each retry of a delivery that failed (non-2xx or no answer); default 1 s, 3 s, 10 s */
  webhookRetryDelaysMs?: readonly number[];
  /** an attempt without an answer by then has failed (default 5000 ms) */
  webhookTimeoutMs?: number;
  /** ms until a pending refund or a processing payout settles (default 300); 'manual': only control.settle() */
  settleMs?: number | 'manual';
  /** the RazorpayX business account payouts must name (default LOCAL_RAZORPAYX_ACCOUNT_NUMBER) */
  accountNumber?: string;
  /** the events' account_id (default a fixed acc_…) */
  accountId?: string;
  /** a test's hand on the sandbox (settle now, wait for deliveries, read what was delivered) */
  control?: RazorpaySandboxControl;
  /** where a delivery that gave up is reported (default console.warn) */
  log?: (line: string) => void;
}

/**
 * A test's handle on a running sandbox (in process only): pass it as `options.control`, then
 * `settle()` moves every pending refund and processing payout to its end now (with `settleMs:
 * 'manual'` nothing moves otherwise), `idle()` waits until nothing is queued (timed settles,
 * webhook deliveries and their retries), `deliveries` lists every attempt.
 */
export class RazorpaySandboxControl {
  private running: { settler: Settler; webhooks: WebhookSender } | undefined;

  /** @internal the sandbox binds itself when the server builds it */
  attach(running: { settler: Settler; webhooks: WebhookSender }): void {
    this.running = running;
  }

  settle(): void {
    this.sandbox().settler.settleAll();
  }

  async idle(): Promise<void> {
    const { settler, webhooks } = this.sandbox();
    // a settle may queue a delivery; a delivery never queues a settle
    do {
      await settler.idle();
      await webhooks.idle();
    } while (settler.timed > 0);
  }

  get deliveries(): readonly WebhookDelivery[] {
    return this.sandbox().webhooks.deliveries;
  }

  /** the URL webhooks go to now (undefined: none configured) */
  webhookTarget(): string | undefined {
    return this.sandbox().webhooks.target();
  }

  private sandbox() {
    if (!this.running) throw new Error('The Razorpay sandbox has not been started with this control');
    return this.running;
  }
}

/** The sandbox's options from the server's environment (`supabase-local serve`). */
export function razorpaySandboxOptionsFromEnv(env: NodeJS.ProcessEnv): RazorpaySandboxOptions {
  const settle = env.RAZORPAY_SANDBOX_SETTLE_MS?.trim();
  return {
    ...(env.RAZORPAY_WEBHOOK_URL?.trim() ? { webhookUrl: env.RAZORPAY_WEBHOOK_URL.trim() } : {}),
    ...(env.RAZORPAY_WEBHOOK_SECRET ? { webhookSecret: env.RAZORPAY_WEBHOOK_SECRET } : {}),
    ...(env.RAZORPAYX_ACCOUNT_NUMBER ? { accountNumber: env.RAZORPAYX_ACCOUNT_NUMBER } : {}),
    ...(settle && /^\d+$/.test(settle)
      ? { settleMs: Number(settle) }
      : settle === 'manual'
        ? { settleMs: 'manual' }
        : {}),
  };
}

export function razorpaySurface(
  keys: RazorpayKeys = LOCAL_RAZORPAY_KEYS,
  faults: SandboxFaults = { refundOutage: false },
  options: RazorpaySandboxOptions = {},
): SurfaceFactory {
  return ({ apiUrl }) => {
    const orders = new Map<string, RazorpayOrder>();
    const settler = new Settler(() => options.settleMs ?? 300);
    const webhooks = new WebhookSender(
      {
        url: options.webhookUrl,
        secret: options.webhookSecret ?? keys.webhookSecret,
        accountId: options.accountId ?? 'acc_LocalSandbox001',
        events: options.webhookEvents ?? DEFAULT_WEBHOOK_EVENTS,
        retryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 3000, 10_000],
        timeoutMs: options.webhookTimeoutMs ?? 5000,
        log: options.log ?? ((line) => console.warn(line)),
      },
      apiUrl,
    );
    const effects: SandboxEffects = {
      later: (run) => settler.later(run),
      emit: (event, contains, payload) => webhooks.emit(event, contains, payload),
    };
    const desk = new RefundDesk(faults, effects);
    const payouts = new PayoutDesk(options.accountNumber ?? LOCAL_RAZORPAYX_ACCOUNT_NUMBER, faults, effects);
    options.control?.attach({ settler, webhooks });
    const delays = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
    /** an answer held back (faults.*TimeoutMs); the server closing lets it go */
    const hold = (ms: number | undefined) =>
      ms && ms > 0
        ? new Promise<void>((resolve) => {
            const d = {
              timer: setTimeout(() => {
                delays.delete(d);
                resolve();
              }, ms),
              done: resolve,
            };
            delays.add(d);
          })
        : Promise.resolve();

    const authenticate = (req: IncomingMessage) => {
      const m = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
      const [id, secret] = m ? Buffer.from(m[1]!, 'base64').toString('utf8').split(':') : [];
      if (!id || !secret || id !== keys.keyId || !safeEqual(secret, keys.keySecret)) {
        throw new RazorpayError(401, 'Authentication failed');
      }
    };

    const createOrder = (body: Record<string, unknown>): RazorpayOrder => {
      const { amount, currency, receipt, notes } = body;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        throw new RazorpayError(400, 'The amount must be an integer.', 'amount');
      }
      if (amount < 100) throw new RazorpayError(400, 'The amount must be atleast INR 1.00', 'amount');
      if (currency !== undefined && currency !== 'INR') {
        throw new RazorpayError(400, 'Currency is not supported', 'currency');
      }
      if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
        throw new RazorpayError(400, 'The receipt may not be greater than 40 characters.', 'receipt');
      }
      const orderNotes = readNotes(notes);
      const order: RazorpayOrder = {
        id: razorpayId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt: (receipt as string | undefined) ?? null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: orderNotes,
        created_at: nowSeconds(),
      };
      orders.set(order.id, order);
      return order;
    };

    const pay = (body: Record<string, unknown>) => {
      const order = typeof body.order_id === 'string' ? orders.get(body.order_id) : undefined;
      if (body.key_id !== keys.keyId) throw new RazorpayError(401, 'Authentication failed');
      if (!order) throw new RazorpayError(400, 'The id provided does not exist', 'order_id');
      if (order.status === 'paid') throw new RazorpayError(400, 'Order has already been paid');
      order.attempts++;
      if (body.outcome !== 'success') {
        const paymentId = razorpayId('pay');
        order.status = 'attempted';
        return {
          status: 400,
          body: {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Payment failed (sandbox Failure button)',
              source: 'customer',
              step: 'payment_authorization',
              reason: 'payment_failed',
              metadata: { order_id: order.id, payment_id: paymentId },
            },
          },
        };
      }
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      const paymentId = desk.capture(order.id, order.amount, order.currency).id;
      return {
        status: 200,
        body: {
          razorpay_payment_id: paymentId,
          razorpay_order_id: order.id,
          razorpay_signature: paymentSignature(order.id, paymentId, keys.keySecret),
        },
      };
    };

    const handle = async (req: IncomingMessage, res: ServerResponse, target: string) => {
      const path = target.split('?')[0]!;
      try {
        if (req.method === 'GET' && path === '/checkout.js') {
          res.writeHead(200, {
            'Content-Type': 'application/javascript; charset=utf-8',
            'Cache-Control': 'no-cache',
          });
          res.end(CHECKOUT_SCRIPT);
          return;
        }
        if (req.method === 'POST' && path === '/v1/orders') {
          authenticate(req);
          return send(res, 200, createOrder(await readJson(req)));
        }
        const one = /^\/v1\/orders\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && one) {
          authenticate(req);
          const order = orders.get(decodeURIComponent(one[1]!));
          if (!order) throw new RazorpayError(400, 'The id provided does not exist');
          return send(res, 200, order);
        }
        const payment = /^\/v1\/payments\/([^/]+)(\/refunds?)?$/.exec(path);
        if (payment) {
          authenticate(req);
          const id = decodeURIComponent(payment[1]!);
          if (req.method === 'GET' && !payment[2]) return send(res, 200, desk.payment(id));
          if (req.method === 'GET' && payment[2] === '/refunds') return send(res, 200, desk.refundsOf(id));
          if (req.method === 'POST' && payment[2] === '/refund') {
            const key = req.headers['x-refund-idempotency'];
            const body = await readJson(req);
            let answer: { status: number; body: unknown };
            try {
              answer = {
                status: 200,
                body: desk.create(id, body, typeof key === 'string' ? key : undefined),
              };
            } catch (e) {
              if (!(e instanceof RazorpayError)) throw e;
              answer = { status: e.status, body: e.body };
            }
            await hold(faults.refundTimeoutMs);
            return send(res, answer.status, answer.body);
          }
        }
        const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && refund) {
          authenticate(req);
          return send(res, 200, desk.refund(decodeURIComponent(refund[1]!)));
        }
        if (req.method === 'POST' && path === '/v1/payouts') {
          authenticate(req);
          const key = req.headers['x-payout-idempotency'];
          const body = await readJson(req);
          let answer: { status: number; body: unknown };
          try {
            answer = { status: 200, body: payouts.create(body, typeof key === 'string' ? key : undefined) };
          } catch (e) {
            if (!(e instanceof RazorpayError)) throw e;
            answer = { status: e.status, body: e.body };
          }
          await hold(faults.payoutTimeoutMs);
          return send(res, answer.status, answer.body);
        }
        const payout = /^\/v1\/payouts\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && payout) {
          authenticate(req);
          return send(res, 200, payouts.payout(decodeURIComponent(payout[1]!)));
        }
        if (req.method === 'POST' && path === '/v1/checkout/pay') {
          const r = pay(await readJson(req));
          return send(res, r.status, r.body);
        }
        throw new RazorpayError(404, 'The requested URL was not found on the server.');
      } catch (e) {
        if (!(e instanceof RazorpayError)) throw e;
        send(res, e.status, e.body);
      }
    };
    const close = () => {
      settler.close();
      webhooks.close();
      for (const d of delays) {
        clearTimeout(d.timer);
        d.done();
      }
      delays.clear();
      return Promise.resolve();
    };
    return { handle, close };
  };
}

/** Razorpay's requests are small: a body past this is refused before it is read whole. */
const MAX_BODY = 64 * 1024;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body: Buffer;
  try {
    body = await readBody(req, { limit: MAX_BODY });
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw new RazorpayError(413, 'The request body is too large.');
    throw e;
  }
  try {
    const v: unknown = JSON.parse(body.toString('utf8') || '{}');
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new RazorpayError(400, 'The request body must be a JSON object.');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(text);
}
