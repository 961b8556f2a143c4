/**
 * The Razorpay sandbox, mounted at /razorpay for offline demos and tests (never a payment):
 *
 *   POST /razorpay/v1/orders          Orders API, Basic auth key_id:key_secret → Razorpay's order entity
 *   GET  /razorpay/v1/orders/:id      the same order (amount_paid and status follow sandbox payments)
 *   GET  /razorpay/checkout.js        the checkout script (checkout-script.ts)
 *   POST /razorpay/v1/checkout/pay    what the script's Success/Failure buttons call: a success is
 *                                     signed like Razorpay signs it (HMAC-SHA256 of order_id|payment_id)
 *
 * Orders live in memory for the life of the server. Errors have Razorpay's shape
 * `{ error: { code, description, source, step, reason, metadata, field? } }`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SurfaceFactory } from '../server.ts';
import { CHECKOUT_SCRIPT } from './checkout-script.ts';
import { LOCAL_RAZORPAY_KEYS, paymentSignature, safeEqual, type RazorpayKeys } from './keys.ts';

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function razorpayId(prefix: string): string {
  return `${prefix}_${[...randomBytes(14)].map((b) => ID_CHARS[b % ID_CHARS.length]).join('')}`;
}

class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}

export function razorpaySurface(keys: RazorpayKeys = LOCAL_RAZORPAY_KEYS): SurfaceFactory {
  return () => {
    const orders = new Map<string, RazorpayOrder>();

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
      const noteEntries = notes && typeof notes === 'object' ? Object.entries(notes) : [];
      if (noteEntries.length > 15) throw new RazorpayError(400, 'Number of notes exceeds 15', 'notes');
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
        notes: Object.fromEntries(noteEntries.map(([k, v]) => [k, String(v)])),
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return order;
    };

    const pay = (body: Record<string, unknown>) => {
      const order = typeof body.order_id === 'string' ? orders.get(body.order_id) : undefined;
      if (body.key_id !== keys.keyId) throw new RazorpayError(401, 'Authentication failed');
      if (!order) throw new RazorpayError(400, 'The id provided does not exist', 'order_id');
      if (order.status === 'paid') throw new RazorpayError(400, 'Order has already been paid');
      const paymentId = razorpayId('pay');
      order.attempts++;
      if (body.outcome !== 'success') {
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
        if (req.method === 'POST' && path === '/v1/checkout/pay') {
          const r = pay(await readJson(req));
          return send(res, r.status, r.body);
        }
        throw new RazorpayError(404, 'The requested URL was not found on the server.');
      } catch (e) {
        if (!(e instanceof RazorpayError)) throw e;
        send(res, e.status, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: e.description,
            source: 'business',
            step: 'payment_initiation',
            reason: 'input_validation_failed',
            metadata: {},
            ...(e.field ? { field: e.field } : {}),
          },
        });
      }
    };
    return { handle };
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
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
