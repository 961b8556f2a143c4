/**
 * The sandbox's webhooks, delivered as Razorpay delivers them: a POST of the event
 * (`{ entity: 'event', account_id, event, contains, payload, created_at }`) to the one configured
 * URL, for the subscribed events only, with
 *
 *   X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook secret
 *   x-razorpay-event-id:  the event's id (evt_…), the same on every attempt of that event
 *
 * Any non-2xx answer (or no answer within the timeout) is a failed delivery, retried with backoff
 * (Razorpay retries for 24 hours; the sandbox a few times within seconds); the body of a retry is
 * byte for byte the first one. Events are independent: a retried event may arrive after a later one,
 * as with Razorpay. Targets are loopback only (development-only, like the rest of the sandbox).
 *
 * Also here: the settle queue (`Settler`), which moves refunds and payouts to their final state
 * after the configured delay, or when a test says so.
 */
import { isLoopbackHost } from '../migrations/reset.ts';
import { nowSeconds, razorpayId, type RazorpayEvent } from './entities.ts';
import { hmacHex } from './keys.ts';

export interface WebhookConfig {
  /** an absolute URL, or a path on the API's own origin (`/functions/v1/…`); unset: nothing is sent */
  url: string | undefined;
  secret: string;
  accountId: string;
  /** the subscribed events (Razorpay sends only those) */
  events: readonly string[];
  /** the waits before the 2nd, 3rd, … attempt */
  retryDelaysMs: readonly number[];
  /** an attempt with no answer by then has failed */
  timeoutMs: number;
  log: (line: string) => void;
}

/** One delivery attempt, as the sandbox saw it (for tests). */
export interface WebhookDelivery {
  eventId: string;
  event: string;
  url: string;
  attempt: number;
  /** the HTTP status, or null when there was no answer */
  status: number | null;
  error?: string;
  body: string;
  signature: string;
}

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly aborter = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private pending = 0;
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly config: WebhookConfig,
    private readonly apiUrl: () => string,
  ) {
    const target = config.url ? parseUrl(config.url) : null;
    if (target && !isLoopbackHost(target.hostname)) {
      throw new Error(
        `The Razorpay sandbox sends webhooks to loopback addresses only, not ${target.origin} (RAZORPAY_WEBHOOK_URL)`,
      );
    }
  }

  /** where events go now, or undefined when no webhook URL is configured */
  target(): string | undefined {
    const { url } = this.config;
    if (!url) return undefined;
    const u = new URL(url, this.apiUrl() || 'http://127.0.0.1');
    return isLoopbackHost(u.hostname) ? u.toString() : undefined;
  }

  emit(event: string, contains: string[], payload: RazorpayEvent['payload']): void {
    const url = this.target();
    if (this.closed || !url || !this.config.events.includes(event)) return;
    const body: RazorpayEvent = {
      entity: 'event',
      account_id: this.config.accountId,
      event,
      contains,
      payload,
      created_at: nowSeconds(),
    };
    this.deliver(url, event, razorpayId('evt'), JSON.stringify(body), 1);
  }

  /** Resolves once no delivery (or retry) is under way. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.aborter.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.pending = 0;
    this.wake();
  }

  private deliver(url: string, event: string, eventId: string, body: string, attempt: number): void {
    this.pending++;
    void this.post(url, event, eventId, body, attempt).finally(() => this.done());
  }

  private async post(url: string, event: string, eventId: string, body: string, attempt: number) {
    const signature = hmacHex(body, this.config.secret);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          'X-Razorpay-Signature': signature,
          'x-razorpay-event-id': eventId,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.aborter.signal, AbortSignal.timeout(this.config.timeoutMs)]),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (this.closed) return;
    this.deliveries.push({
      eventId,
      event,
      url,
      attempt,
      status,
      body,
      signature,
      ...(error ? { error } : {}),
    });
    if (status !== null && status >= 200 && status < 300) return;
    const wait = this.config.retryDelaysMs[attempt - 1];
    if (wait === undefined) {
      this.config.log(
        `[razorpay sandbox] webhook ${event} ${eventId} to ${url} failed after ${attempt} attempts (${status ?? error})`,
      );
      return;
    }
    this.pending++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending--;
      if (!this.closed) this.deliver(url, event, eventId, body, attempt + 1);
      else this.wake();
    }, wait);
    this.timers.add(timer);
  }

  private done(): void {
    if (this.pending > 0) this.pending--;
    this.wake();
  }

  private wake(): void {
    if (this.pending > 0) return;
    const w = this.waiters;
    this.waiters = [];
    for (const resolve of w) resolve();
  }
}

function parseUrl(url: string): URL {
  try {
    return new URL(url, 'http://127.0.0.1');
  } catch {
    throw new Error(`The Razorpay sandbox's webhook URL is not a URL: ${url} (RAZORPAY_WEBHOOK_URL)`);
  }
}

/**
 * Moves refunds and payouts on after `delay()` ms, or, when it is 'manual', only when `settleAll()`
 * is called (a test's hand on the clock).
 */
export class Settler {
  private readonly queued = new Map<symbol, { run: () => void; timer?: NodeJS.Timeout }>();
  private waiters: (() => void)[] = [];

  constructor(private readonly delay: () => number | 'manual') {}

  later(run: () => void): void {
    const key = Symbol('settle');
    const d = this.delay();
    const entry: { run: () => void; timer?: NodeJS.Timeout } = { run };
    if (d !== 'manual') entry.timer = setTimeout(() => this.run(key), Math.max(0, d));
    this.queued.set(key, entry);
  }

  /** Settles everything queued now, in the order it was queued. */
  settleAll(): void {
    for (const key of [...this.queued.keys()]) this.run(key);
  }

  /** How many settles are waiting (a 'manual' one waits for settleAll). */
  get size(): number {
    return this.queued.size;
  }

  /** How many of them are timed (not 'manual'). */
  get timed(): number {
    return [...this.queued.values()].filter((e) => e.timer).length;
  }

  /** Resolves once nothing timed is queued ('manual' ones do not count). */
  idle(): Promise<void> {
    if (this.timed === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    for (const e of this.queued.values()) if (e.timer) clearTimeout(e.timer);
    this.queued.clear();
    this.wake();
  }

  private run(key: symbol): void {
    const e = this.queued.get(key);
    if (!e) return;
    this.queued.delete(key);
    if (e.timer) clearTimeout(e.timer);
    try {
      e.run();
    } catch (err) {
      // a timer's callback: a throw here would take the whole server down
      console.error('[razorpay sandbox] settling failed:', err);
    } finally {
      this.wake();
    }
  }

  private wake(): void {
    if (this.timed > 0) return;
    const w = this.waiters;
    this.waiters = [];
    for (const resolve of w) resolve();
  }
}
