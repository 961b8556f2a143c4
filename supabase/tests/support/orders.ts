/**
 * Records for the staff suites (db-staff-roles, db-audit-log) to act on, each made the way the store
 * makes it: Asha's orders through place_order, payments through mark_order_paid (the service role),
 * dispatch and delivery through admin_set_order_status by the owner, returns through request_return,
 * reviews through submit_review. Every call makes a new record, so a test that consumes one (a status
 * change, a refund, a return decision) never depends on another test's.
 */
import type { TestServer } from 'supabase-local/testing';
import { expect } from 'vitest';
import { ADDRESS, hsnProduct } from './gst.ts';
import { PEOPLE, serviceClient, storeClient } from './store.ts';
import { uniq } from './variants.ts';

export interface Placed {
  id: string;
  itemId: number;
  productId: number;
  variantId: number;
}

/** The first pickup date a customer may book: tomorrow in India, Monday when that is a Sunday. */
export function firstPickupDate(): string {
  const day = 86_400_000;
  let d = Date.parse(new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10)) + day;
  if (new Date(d).getUTCDay() === 0) d += day;
  return new Date(d).toISOString().slice(0, 10);
}

export function storeRecords(s: TestServer) {
  const owner = storeClient(s, PEOPLE.admin);
  const asha = storeClient(s, PEOPLE.customerA);
  const service = serviceClient(s);

  /** Lets Asha place as many orders as the suites need (the anti-hoarding limits are tested elsewhere). */
  async function liftOrderLimits(): Promise<void> {
    await s.db.query(
      `update public.store_settings set cod_max_order_total = 9999999, max_unpaid_online_orders = 1000`,
    );
  }

  async function placed(method: 'cod' | 'razorpay', quantity: number): Promise<Placed> {
    const p = await hsnProduct(s.db, 1999, '9403', 500);
    const { data, error } = await asha.rpc('place_order', {
      items: [{ product_id: p.id, quantity }],
      shipping_address: ADDRESS.KA,
      payment_method: method,
      idempotency_key: uniq('staff-'),
    });
    expect(error).toBeNull();
    const { rows } = await s.db.query<{ id: string }>(
      'select id::text from public.order_items where order_id = $1',
      [data!.id],
    );
    return { id: data!.id, itemId: Number(rows[0]!.id), productId: p.id, variantId: p.variantId };
  }

  async function setStatus(orderId: string, status: 'shipped' | 'delivered'): Promise<void> {
    const { error } = await owner.rpc('admin_set_order_status', { order_id: orderId, status });
    expect(error).toBeNull();
  }

  /** A pending cash-on-delivery order of one product. */
  const codOrder = (quantity = 1) => placed('cod', quantity);

  /** An online order, paid (captured) through mark_order_paid as the webhook would. */
  async function paidOrder(quantity = 1): Promise<Placed> {
    const o = await placed('razorpay', quantity);
    const { error } = await service.rpc('mark_order_paid', {
      order_id: o.id,
      razorpay_payment_id: uniq('pay_ST'),
    });
    expect(error).toBeNull();
    return o;
  }

  /** A COD order shipped by the owner: its invoice is issued, so credit notes may follow. */
  async function shippedOrder(quantity = 1): Promise<Placed> {
    const o = await codOrder(quantity);
    await setStatus(o.id, 'shipped');
    return o;
  }

  async function deliveredOrder(quantity = 1): Promise<Placed> {
    const o = await shippedOrder(quantity);
    await setStatus(o.id, 'delivered');
    return o;
  }

  /** Asha's return of a delivered COD order, waiting for a decision. */
  async function requestedReturn(): Promise<{ id: string; order: Placed }> {
    const order = await deliveredOrder();
    const { data, error } = await asha.rpc('request_return', {
      order_id: order.id,
      items: [{ order_item_id: order.itemId, quantity: 1, reason: 'changed_mind' }],
      resolution: 'refund',
      pickup_date: firstPickupDate(),
      pickup_window: '09-13',
      refund_upi_id: 'asha.rao@okicici',
    });
    expect(error).toBeNull();
    return { id: data!.id, order };
  }

  /** Asha's review of a delivered purchase, waiting for moderation. */
  async function pendingReview(): Promise<number> {
    const order = await deliveredOrder();
    const { data, error } = await asha.rpc('submit_review', {
      order_item_id: order.itemId,
      rating: 4,
      title: 'Solid and well made',
      body: 'Sturdy, well finished and delivered on time.',
    });
    expect(error).toBeNull();
    return data!.id;
  }

  /** A message from the contact form, not yet handled. */
  async function contactMessage(): Promise<number> {
    const { rows } = await s.db.query<{ id: string }>(
      `insert into public.contact_messages (user_id, full_name, email, subject, message)
       values ($1, 'Asha Rao', $2, 'Delivery', 'When will my sofa arrive?') returning id::text`,
      [PEOPLE.customerA.id, PEOPLE.customerA.email],
    );
    return Number(rows[0]!.id);
  }

  return {
    liftOrderLimits,
    codOrder,
    paidOrder,
    shippedOrder,
    deliveredOrder,
    requestedReturn,
    pendingReview,
    contactMessage,
  };
}
