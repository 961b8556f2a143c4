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
 *
 * Orders, payments and refunds live in memory for the life of the server. Errors have Razorpay's
 * shape `{ error: { code, description, source, step, reason, metadata, field? } }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody } from '../http/body.ts';
import type { SurfaceFactory } from '../surface.ts';
import { CHECKOUT_SCRIPT } from './checkout-script.ts';
import { nowSeconds, razorpayId, RazorpayError, readNotes, type RazorpayOrder } from './entities.ts';
import { LOCAL_RAZORPAY_KEYS, paymentSignature, safeEqual, type RazorpayKeys } from './keys.ts';
import { RefundDesk, type SandboxFaults } from './refunds.ts';

export type { RazorpayOrder } from './entities.ts';
export type { SandboxFaults } from './refunds.ts';

export function razorpaySurface(
  keys: RazorpayKeys = LOCAL_RAZORPAY_KEYS,
  faults: SandboxFaults = { refundOutage: false },
): SurfaceFactory {
  return () => {
    const orders = new Map<string, RazorpayOrder>();
    const desk = new RefundDesk(faults);

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
            return send(
              res,
              200,
              desk.create(id, await readJson(req), typeof key === 'string' ? key : undefined),
            );
          }
        }
        const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
        if (req.method === 'GET' && refund) {
          authenticate(req);
          return send(res, 200, desk.refund(decodeURIComponent(refund[1]!)));
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
    return { handle };
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
