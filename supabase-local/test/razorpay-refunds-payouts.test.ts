/**
 * The Razorpay sandbox's Refunds API and RazorpayX payouts, over HTTP through the gateway, with the
 * webhooks they send caught by a tiny HTTP server on loopback: refunds are made `pending` and settle
 * `processed` (with an ARN) or `failed`, payouts `processing` → `processed` (with a UTR), `failed`
 * (RazorpayX test mode's failure VPA) or `reversed`; each end is posted as Razorpay posts it (its
 * envelope, X-Razorpay-Signature over the raw body, x-razorpay-event-id) and redelivered, unchanged,
 * after a non-2xx answer. Idempotency keys, partial refunds, never beyond captured, Razorpay's
 * validation answers, outages and late answers. The sandbox's clock is the test's ('manual' settles)
 * except where the automatic delay itself is tested.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_KEYS,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
  LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
} from '../src/razorpay/keys.ts';
import {
  RazorpaySandboxControl,
  razorpaySandboxOptionsFromEnv,
  razorpaySurface,
  type RazorpaySandboxOptions,
  type SandboxFaults,
} from '../src/razorpay/index.ts';
import type { SurfaceFactory } from '../src/surface.ts';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { WebhookSender } from '../src/razorpay/webhooks.ts';

const AUTH = `Basic ${Buffer.from(`${LOCAL_RAZORPAY_KEY_ID}:${LOCAL_RAZORPAY_KEY_SECRET}`).toString('base64')}`;
const hmac = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

interface Caught {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint: records every POST; answers the queued statuses first, then 200. */
class Receiver {
  readonly caught: Caught[] = [];
  readonly answers: number[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.caught.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(this.answers.shift() ?? 200, { 'Content-Type': 'application/json' });
        res.end('{"status":"ok"}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/razorpay`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** the parsed events, in arrival order */
  events(): { id: string; body: Event }[] {
    return this.caught.map((c) => ({ id: String(c.headers['x-razorpay-event-id']), body: parse(c.body) }));
  }
}

interface Event {
  entity: string;
  account_id: string;
  event: string;
  contains: string[];
  payload: {
    refund?: { entity: Refund };
    payment?: {
      entity: { id: string; amount_refunded: number; refund_status: string | null; status: string };
    };
    payout?: { entity: Payout };
  };
  created_at: number;
}
interface Refund {
  id: string;
  entity: string;
  amount: number;
  payment_id: string;
  status: string;
  notes: Record<string, string>;
  acquirer_data: { arn: string | null };
  speed_processed: string;
}
interface Payout {
  id: string;
  entity: string;
  status: string;
  amount: number;
  mode: string;
  utr: string | null;
  reference_id: string | null;
  status_details: { description: string; source: string; reason: string } | null;
  fund_account: {
    account_type: string;
    vpa?: { address: string };
    bank_account?: { account_number: string };
  };
}
interface RazorpayErrorBody {
  error: { code: string; description: string; field?: string };
}

function parse<T>(text: string): T {
  const v: T = JSON.parse(text);
  return v;
}

const receiver = new Receiver();
const faults: SandboxFaults = { refundOutage: false };
const control = new RazorpaySandboxControl();
const options: RazorpaySandboxOptions = {
  settleMs: 'manual',
  webhookRetryDelaysMs: [50, 100, 150],
  webhookTimeoutMs: 2000,
  control,
  log: () => {},
};
let s: TestServer;

beforeAll(async () => {
  await receiver.start();
  options.webhookUrl = receiver.url;
  s = await startTestServer('pglite', {
    surfaces: { razorpay: razorpaySurface(LOCAL_RAZORPAY_KEYS, faults, options) },
  });
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await receiver.stop();
});
beforeEach(async () => {
  // what an earlier test left pending ends (and is delivered) before this one looks
  control.settle();
  await control.idle();
  receiver.caught.length = 0;
  receiver.answers.length = 0;
  Object.assign(faults, {
    refundOutage: false,
    refundFailure: false,
    refundTimeoutMs: 0,
    payoutOutage: false,
    payoutFailure: false,
    payoutTimeoutMs: 0,
  });
  options.settleMs = 'manual';
});

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${s.url}/razorpay${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { Authorization: AUTH, 'Content-Type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  return { status: res.status, body: parse<T>(await res.text()) };
}

/** A captured payment of `amount` paise, made through the checkout's Success path. */
async function payment(amount: number): Promise<string> {
  const order = await api<{ id: string }>('/v1/orders', { body: { amount, currency: 'INR' } });
  const pay = await fetch(`${s.url}/razorpay/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: LOCAL_RAZORPAY_KEY_ID, order_id: order.body.id, outcome: 'success' }),
  });
  return parse<{ razorpay_payment_id: string }>(await pay.text()).razorpay_payment_id;
}

const refund = (paymentId: string, body: unknown, key?: string, signal?: AbortSignal) =>
  api<Refund & RazorpayErrorBody>(`/v1/payments/${paymentId}/refund`, {
    body,
    headers: key ? { 'X-Refund-Idempotency': key } : {},
    ...(signal ? { signal } : {}),
  });

let serial = 0;
const key = (prefix: string) => `${prefix}-${Date.now()}-${++serial}`;

/** Settle what is pending and wait for every delivery (and retry) to end. */
async function settle(): Promise<void> {
  control.settle();
  await control.idle();
}

describe('Refunds API', () => {
  it('makes a refund pending, then processed with an ARN, and posts refund.processed signed as Razorpay does', async () => {
    const pay = await payment(50_000);
    const made = await refund(
      pay,
      { amount: 20_000, speed: 'normal', notes: { refund_key: 'refund-abc-1' } },
      key('rk'),
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      entity: 'refund',
      amount: 20_000,
      currency: 'INR',
      payment_id: pay,
      status: 'pending',
      speed_processed: 'normal',
      notes: { refund_key: 'refund-abc-1' },
      acquirer_data: { arn: null },
    });
    expect(made.body.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect((await api<Refund>(`/v1/refunds/${made.body.id}`)).body.status).toBe('pending');
    expect(receiver.caught).toHaveLength(0);

    await settle();
    const after = (await api<Refund>(`/v1/refunds/${made.body.id}`)).body;
    expect(after.status).toBe('processed');
    expect(after.acquirer_data.arn).toMatch(/^\d{12,}$/);

    expect(receiver.caught).toHaveLength(1);
    const [hook] = receiver.caught;
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['x-razorpay-signature']).toBe(hmac(hook!.body, LOCAL_RAZORPAY_WEBHOOK_SECRET));
    expect(hook!.headers['x-razorpay-signature']).not.toBe(hmac(hook!.body, 'another secret'));
    expect(hook!.headers['x-razorpay-event-id']).toMatch(/^evt_[A-Za-z0-9]{14}$/);
    const event = parse<Event>(hook!.body);
    expect(event).toMatchObject({
      entity: 'event',
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: {
          entity: { id: made.body.id, status: 'processed', acquirer_data: { arn: after.acquirer_data.arn } },
        },
        payment: {
          entity: { id: pay, amount_refunded: 20_000, refund_status: 'partial', status: 'captured' },
        },
      },
    });
    expect(event.account_id).toMatch(/^acc_/);
    expect(Math.abs(event.created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('settles on its own after the configured delay', async () => {
    options.settleMs = 20;
    const pay = await payment(10_000);
    const made = await refund(pay, {}, key('auto'));
    expect(made.body.status).toBe('pending');
    await control.idle();
    expect((await api<Refund>(`/v1/refunds/${made.body.id}`)).body.status).toBe('processed');
    expect(receiver.events().map((e) => e.body.event)).toEqual(['refund.processed']);
  });

  it('a refund made while refundFailure is on ends failed, posts refund.failed, and no longer counts as refunded', async () => {
    const pay = await payment(30_000);
    faults.refundFailure = true;
    const made = await refund(pay, { amount: 30_000 }, key('fail'));
    faults.refundFailure = false;
    expect(made.body.status).toBe('pending');
    expect((await api<{ refund_status: string }>(`/v1/payments/${pay}`)).body.refund_status).toBe('full');
    await settle();
    const failed = (await api<Refund>(`/v1/refunds/${made.body.id}`)).body;
    expect(failed).toMatchObject({ status: 'failed', acquirer_data: { arn: null } });
    const [event] = receiver.events();
    expect(event!.body).toMatchObject({
      event: 'refund.failed',
      payload: {
        refund: { entity: { id: made.body.id, status: 'failed' } },
        payment: { entity: { id: pay, amount_refunded: 0, refund_status: null, status: 'captured' } },
      },
    });
    expect(receiver.caught[0]!.headers['x-razorpay-signature']).toBe(
      hmac(receiver.caught[0]!.body, LOCAL_RAZORPAY_WEBHOOK_SECRET),
    );
    // the failed amount can be refunded again (a staff retry, a new key)
    const again = await refund(pay, { amount: 30_000 }, key('retry'));
    expect(again.status).toBe(200);
    await settle();
    expect((await api<Refund>(`/v1/refunds/${again.body.id}`)).body.status).toBe('processed');
  });

  it('the same idempotency key and body give the same refund; another body is refused', async () => {
    const pay = await payment(40_000);
    const k = key('idem');
    const first = await refund(pay, { amount: 10_000, notes: { refund_key: k } }, k);
    const second = await refund(pay, { amount: 10_000, notes: { refund_key: k } }, k);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    const other = await refund(pay, { amount: 5_000, notes: { refund_key: k } }, k);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Different request with the same idempotency key has already been processed.',
    });
    expect((await refund(pay, { amount: 100 }, 'short')).status).toBe(400);
    await settle();
    // after it settled, the same request still answers the same refund, now processed
    const later = await refund(pay, { amount: 10_000, notes: { refund_key: k } }, k);
    expect(later.body).toMatchObject({ id: first.body.id, status: 'processed' });
    const list = await api<{ count: number }>(`/v1/payments/${pay}/refunds`);
    expect(list.body.count).toBe(1);
    expect(receiver.events()).toHaveLength(1);
  });

  it('refunds partially, never beyond what was captured', async () => {
    const pay = await payment(30_000);
    expect((await refund(pay, { amount: 10_000 }, key('p1'))).body.status).toBe('pending');
    expect((await refund(pay, { amount: 15_000 }, key('p2'))).status).toBe(200);
    const over = await refund(pay, { amount: 5_001 }, key('p3'));
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'The refund amount provided is greater than amount captured',
      field: 'amount',
    });
    const rest = await refund(pay, {}, key('p4'));
    expect(rest.body.amount).toBe(5_000);
    const done = await refund(pay, { amount: 100 }, key('p5'));
    expect(done.status).toBe(400);
    expect(done.body.error.description).toBe('The payment has been fully refunded already');
    await settle();
    const p = (
      await api<{ amount_refunded: number; refund_status: string; status: string }>(`/v1/payments/${pay}`)
    ).body;
    expect(p).toMatchObject({ amount_refunded: 30_000, refund_status: 'full', status: 'refunded' });
    expect(receiver.events().map((e) => e.body.event)).toEqual([
      'refund.processed',
      'refund.processed',
      'refund.processed',
    ]);
    expect(new Set(receiver.events().map((e) => e.id)).size).toBe(3);
  });

  it('an outage answers 500 and makes nothing; a late answer still made the refund once', async () => {
    const pay = await payment(20_000);
    faults.refundOutage = true;
    const down = await refund(pay, { amount: 10_000 }, key('down'));
    expect(down.status).toBe(500);
    expect(down.body.error.code).toBe('SERVER_ERROR');
    faults.refundOutage = false;
    expect((await api<{ count: number }>(`/v1/payments/${pay}/refunds`)).body.count).toBe(0);

    faults.refundTimeoutMs = 1500;
    const k = key('late');
    const t0 = Date.now();
    await expect(refund(pay, { amount: 10_000 }, k, AbortSignal.timeout(200))).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(1000);
    faults.refundTimeoutMs = 0;
    const retried = await refund(pay, { amount: 10_000 }, k);
    expect(retried.status).toBe(200);
    expect((await api<{ count: number }>(`/v1/payments/${pay}/refunds`)).body.count).toBe(1);
  });
});

describe('webhook delivery', () => {
  it('redelivers the same event (same id, same bytes) after a non-2xx answer, with backoff', async () => {
    receiver.answers.push(500, 503);
    const pay = await payment(10_000);
    await refund(pay, {}, key('retry'));
    await settle();
    expect(receiver.caught).toHaveLength(3);
    const [a, b, c] = receiver.caught;
    expect(new Set([a!.body, b!.body, c!.body]).size).toBe(1);
    expect(new Set(receiver.caught.map((x) => x.headers['x-razorpay-event-id'])).size).toBe(1);
    expect(new Set(receiver.caught.map((x) => x.headers['x-razorpay-signature'])).size).toBe(1);
    const attempts = control.deliveries.filter((d) => d.eventId === a!.headers['x-razorpay-event-id']);
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it('gives up after the last retry', async () => {
    receiver.answers.push(500, 500, 500, 500, 500);
    const pay = await payment(10_000);
    await refund(pay, {}, key('giveup'));
    await settle();
    expect(receiver.caught).toHaveLength(4);
  });

  it('takes its URL from RAZORPAY_WEBHOOK_URL: a path is on the API origin; nothing is sent without one', async () => {
    expect(razorpaySandboxOptionsFromEnv({})).toEqual({});
    expect(
      razorpaySandboxOptionsFromEnv({
        RAZORPAY_WEBHOOK_URL: '/functions/v1/hook',
        RAZORPAY_SANDBOX_SETTLE_MS: '0',
        RAZORPAYX_ACCOUNT_NUMBER: '1234567890',
      }),
    ).toEqual({ webhookUrl: '/functions/v1/hook', settleMs: 0, accountNumber: '1234567890' });

    // a path: delivered through the gateway to the API's own /functions/v1 (a stand-in surface here)
    const seen: Caught[] = [];
    const functions: SurfaceFactory = () => ({
      handle: async (req, res, target) => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(Buffer.from(c));
        seen.push({
          headers: { ...req.headers, 'x-target': target },
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(200).end();
      },
    });
    const own = new RazorpaySandboxControl();
    const local = await startTestServer('pglite', {
      surfaces: {
        functions,
        razorpay: razorpaySurface(LOCAL_RAZORPAY_KEYS, undefined, {
          ...razorpaySandboxOptionsFromEnv({
            RAZORPAY_WEBHOOK_URL: '/functions/v1/hook',
            RAZORPAY_SANDBOX_SETTLE_MS: '0',
          }),
          control: own,
        }),
      },
    });
    try {
      expect(own.webhookTarget()).toBe(`${local.url}/functions/v1/hook`);
      const order = await fetch(`${local.url}/razorpay/v1/orders`, {
        method: 'POST',
        headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 10_000 }),
      });
      const orderId = parse<{ id: string }>(await order.text()).id;
      const pay = await fetch(`${local.url}/razorpay/v1/checkout/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key_id: LOCAL_RAZORPAY_KEY_ID, order_id: orderId, outcome: 'success' }),
      });
      const paymentId = parse<{ razorpay_payment_id: string }>(await pay.text()).razorpay_payment_id;
      await fetch(`${local.url}/razorpay/v1/payments/${paymentId}/refund`, {
        method: 'POST',
        headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
        body: '{}',
      });
      await own.idle();
      expect(seen).toHaveLength(1);
      expect(seen[0]!.headers['x-target']).toBe('/hook');
      expect(seen[0]!.headers['x-razorpay-signature']).toBe(
        hmac(seen[0]!.body, LOCAL_RAZORPAY_WEBHOOK_SECRET),
      );
      expect(parse<Event>(seen[0]!.body).event).toBe('refund.processed');
    } finally {
      await local.stop();
    }
  });

  it('sends to loopback only, and nothing when no URL is configured', () => {
    const config = {
      secret: 'x',
      accountId: 'acc_x',
      events: ['refund.processed'],
      retryDelaysMs: [],
      timeoutMs: 100,
      log: () => {},
    };
    const apiUrl = () => 'http://127.0.0.1:54321';
    expect(() => new WebhookSender({ ...config, url: 'http://example.com/hook' }, apiUrl)).toThrow(
      /loopback/,
    );
    expect(new WebhookSender({ ...config, url: 'http://localhost:9/x' }, apiUrl).target()).toBe(
      'http://localhost:9/x',
    );
    expect(new WebhookSender({ ...config, url: '/functions/v1/hook' }, apiUrl).target()).toBe(
      'http://127.0.0.1:54321/functions/v1/hook',
    );
    const none = new WebhookSender({ ...config, url: undefined }, apiUrl);
    expect(none.target()).toBeUndefined();
    none.emit('refund.processed', ['refund'], {});
    expect(none.deliveries).toHaveLength(0);
  });
});

describe('RazorpayX payouts (composite API)', () => {
  const upi = (address: string, extra: Record<string, unknown> = {}) => ({
    account_number: LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
    amount: 149_900,
    currency: 'INR',
    mode: 'UPI',
    purpose: 'refund',
    fund_account: {
      account_type: 'vpa',
      vpa: { address },
      contact: { name: 'Asha Verma', email: 'asha@example.com', contact: '9876543210', type: 'customer' },
    },
    queue_if_low_balance: true,
    reference_id: 'r0123456789abcdef0123456789abcdef-1',
    narration: 'FurniCraft refund',
    notes: { order: 'FC-1001' },
    ...extra,
  });
  const bank = (accountNumber: string) => ({
    account_number: LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
    amount: 250_000,
    currency: 'INR',
    mode: 'IMPS',
    purpose: 'refund',
    fund_account: {
      account_type: 'bank_account',
      bank_account: { name: 'Ravi Kumar', ifsc: 'HDFC0001234', account_number: accountNumber },
      contact: { name: 'Ravi Kumar', type: 'customer' },
    },
    reference_id: key('bank'),
  });
  const createPayout = (body: unknown, idempotency?: string) =>
    api<Payout & RazorpayErrorBody>('/v1/payouts', {
      body,
      headers: idempotency === undefined ? {} : { 'X-Payout-Idempotency': idempotency },
    });

  it('pays out to a UPI ID: processing, then processed with a UTR and payout.processed', async () => {
    const made = await createPayout(upi('asha.verma@okaxis'), key('upi'));
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      entity: 'payout',
      amount: 149_900,
      currency: 'INR',
      status: 'processing',
      mode: 'UPI',
      purpose: 'refund',
      utr: null,
      reference_id: 'r0123456789abcdef0123456789abcdef-1',
      narration: 'FurniCraft refund',
      notes: { order: 'FC-1001' },
      status_details: null,
      fund_account: {
        entity: 'fund_account',
        account_type: 'vpa',
        vpa: { username: 'asha.verma', handle: 'okaxis', address: 'asha.verma@okaxis' },
        contact: { entity: 'contact', name: 'Asha Verma', type: 'customer' },
      },
    });
    expect(made.body.id).toMatch(/^pout_[A-Za-z0-9]{14}$/);
    await settle();
    const done = (await api<Payout>(`/v1/payouts/${made.body.id}`)).body;
    expect(done.status).toBe('processed');
    expect(done.utr).toMatch(/^\d{12}$/);
    const [event] = receiver.events();
    expect(event!.body).toMatchObject({
      entity: 'event',
      event: 'payout.processed',
      contains: ['payout'],
      payload: { payout: { entity: { id: made.body.id, status: 'processed', utr: done.utr } } },
    });
    expect(receiver.caught[0]!.headers['x-razorpay-signature']).toBe(
      hmac(receiver.caught[0]!.body, LOCAL_RAZORPAY_WEBHOOK_SECRET),
    );
  });

  it('pays out to a bank account (IMPS); the account 0000000000 is reversed (payout.reversed)', async () => {
    const ok = await createPayout(bank('50100012345678'), key('bank'));
    expect(ok.body).toMatchObject({
      status: 'processing',
      mode: 'IMPS',
      fund_account: {
        account_type: 'bank_account',
        bank_account: { ifsc: 'HDFC0001234', bank_name: 'HDFC Bank' },
      },
    });
    const bad = await createPayout(bank('0000000000'), key('bank'));
    await settle();
    expect((await api<Payout>(`/v1/payouts/${ok.body.id}`)).body.status).toBe('processed');
    const reversed = (await api<Payout>(`/v1/payouts/${bad.body.id}`)).body;
    expect(reversed.status).toBe('reversed');
    expect(reversed.utr).toBeNull();
    expect(reversed.status_details).toMatchObject({ source: 'beneficiary_bank', reason: expect.any(String) });
    const byId = new Map(receiver.events().map((e) => [e.body.payload.payout!.entity.id, e.body.event]));
    expect(byId.get(ok.body.id)).toBe('payout.processed');
    expect(byId.get(bad.body.id)).toBe('payout.reversed');
  });

  it("RazorpayX's failure VPA ends failed, with status_details, and posts payout.failed", async () => {
    const made = await createPayout(upi('failure@razorpay'), key('fail'));
    expect(made.body.status).toBe('processing');
    await settle();
    const failed = (await api<Payout & { failure_reason: string }>(`/v1/payouts/${made.body.id}`)).body;
    expect(failed.status).toBe('failed');
    expect(failed.status_details).toEqual({
      description: expect.stringMatching(/VPA/),
      source: 'beneficiary_bank',
      reason: 'invalid_beneficiary_details',
    });
    expect(failed.failure_reason).toBe(failed.status_details!.description);
    const [event] = receiver.events();
    expect(event!.body).toMatchObject({
      event: 'payout.failed',
      payload: { payout: { entity: { id: made.body.id, status: 'failed' } } },
    });
  });

  it('X-Payout-Idempotency: mandatory, 4–36 characters; the same body gives the same payout, another is refused', async () => {
    const missing = await createPayout(upi('asha@okaxis'));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Idempotency key is missing. Include idempotency header and key in the request.',
      field: 'X-Payout-Idempotency',
    });
    // refund-<uuid>-<generation> is too long for RazorpayX
    const long = await createPayout(upi('asha@okaxis'), 'refund-0b8e6f0e-5b8a-4f43-9d7c-2f1c0b7a9e11-1');
    expect(long.status).toBe(400);
    expect(long.body.error.field).toBe('X-Payout-Idempotency');

    const k = `k${Date.now()}`;
    const first = await createPayout(upi('asha@okaxis'), k);
    const again = await createPayout(upi('asha@okaxis'), k);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const other = await createPayout(upi('asha@okaxis', { amount: 100_000 }), k);
    expect(other.status).toBe(400);
    expect(other.body.error.description).toBe('Different request body sent for the same Idempotency Header');
    await settle();
    expect((await createPayout(upi('asha@okaxis'), k)).body).toMatchObject({
      id: first.body.id,
      status: 'processed',
    });
    expect(receiver.events()).toHaveLength(1);
  });

  it('validates like RazorpayX', async () => {
    const cases: [unknown, string, string?][] = [
      [
        { ...upi('ab@okaxis'), account_number: undefined },
        'The account_number field is required.',
        'account_number',
      ],
      [{ ...upi('ab@okaxis'), account_number: '1111' }, 'The account number is invalid.', 'account_number'],
      [{ ...upi('ab@okaxis'), amount: 99 }, 'The amount must be at least 100.', 'amount'],
      [{ ...upi('ab@okaxis'), amount: 10.5 }, 'The amount must be an integer.', 'amount'],
      [{ ...upi('ab@okaxis'), currency: 'USD' }, 'The selected currency is invalid.', 'currency'],
      [{ ...upi('ab@okaxis'), mode: 'CASH' }, 'The selected mode is invalid.', 'mode'],
      [
        { ...upi('ab@okaxis'), mode: 'IMPS' },
        'Payout mode IMPS is not supported for fund account type vpa',
        'mode',
      ],
      [{ ...upi('ab@okaxis'), purpose: undefined }, 'The purpose field is required.', 'purpose'],
      [
        { ...upi('ab@okaxis'), fund_account: undefined },
        'The fund_account field is required.',
        'fund_account',
      ],
      [
        upi('not-a-vpa'),
        'Invalid VPA. Please enter a valid Virtual Payment Address',
        'fund_account.vpa.address',
      ],
      [
        upi('ab@ok axis'),
        'Invalid VPA. Please enter a valid Virtual Payment Address',
        'fund_account.vpa.address',
      ],
      [
        { ...upi('ab@okaxis'), reference_id: 'x'.repeat(41) },
        'The reference_id may not be greater than 40 characters.',
      ],
      [{ ...upi('ab@okaxis'), narration: 'Refund #1' }, 'The narration format is invalid.', 'narration'],
      [{ ...bank('123'), mode: 'NEFT' }, 'The fund account.bank account.account number format is invalid.'],
      [
        { ...bank('50100012345678'), mode: 'UPI' },
        'Payout mode UPI is not supported for fund account type bank_account',
      ],
    ];
    for (const [body, description, field] of cases) {
      const r = await createPayout(body, key('v'));
      expect({ status: r.status, description: r.body.error?.description }).toEqual({
        status: 400,
        description,
      });
      if (field) expect(r.body.error.field).toBe(field);
    }
    const noContactName = upi('ab@okaxis');
    noContactName.fund_account.contact.name = '';
    expect((await createPayout(noContactName, key('v'))).body.error.description).toBe(
      'The fund_account.contact.name field is required.',
    );
    const badIfsc = bank('50100012345678');
    badIfsc.fund_account.bank_account.ifsc = 'HDFC1234';
    expect((await createPayout(badIfsc, key('v'))).body.error.field).toBe('fund_account.bank_account.ifsc');
    const wrongAuth = await api<RazorpayErrorBody>('/v1/payouts', {
      body: upi('ab@okaxis'),
      headers: { Authorization: 'Basic eDp5', 'X-Payout-Idempotency': key('v') },
    });
    expect(wrongAuth.status).toBe(401);
    await settle();
    expect(receiver.caught).toHaveLength(0);
  });

  it('an outage answers 500 and makes nothing; a late answer made the payout once', async () => {
    faults.payoutOutage = true;
    const down = await createPayout(upi('asha@okaxis'), key('down'));
    expect(down.status).toBe(500);
    expect(down.body.error.code).toBe('SERVER_ERROR');
    faults.payoutOutage = false;
    faults.payoutTimeoutMs = 1500;
    const k = key('late');
    await expect(
      fetch(`${s.url}/razorpay/v1/payouts`, {
        method: 'POST',
        headers: { Authorization: AUTH, 'Content-Type': 'application/json', 'X-Payout-Idempotency': k },
        body: JSON.stringify(upi('asha@okaxis')),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    faults.payoutTimeoutMs = 0;
    const retried = await createPayout(upi('asha@okaxis'), k);
    expect(retried.status).toBe(200);
    await settle();
    expect(receiver.events().map((e) => e.body.payload.payout!.entity.id)).toEqual([retried.body.id]);
  });
});
