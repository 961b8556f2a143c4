/**
 * The store's own rules of issue 12, through supabase-js over HTTP against the real migrations and
 * seed, on PGlite and PostgreSQL:
 *   - staff rights follow the live account: an admin's token stops working for reads and writes
 *     as soon as the admin signs out (Auth deletes the session) or is removed from staff_members
 *     (by another owner, or the service role);
 *   - order numbers are random, not a sequence;
 *   - track_order and preview_promo are rate-limited per client (user, else IP address), 429;
 *   - preview_promo gives a visitor one answer for unknown, expired and used-up codes;
 *   - staff cannot ship an unpaid online order, and allowed_transitions is what the console offers.
 */
import { request } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  PEOPLE,
  serviceClient,
  shippingAddress,
  storeClient,
  type Person,
} from './support/store.ts';
import type { TestServer } from 'supabase-local/testing';
import { createStaffUser, makeStaff, removeStaff } from './support/staff.ts';

type Client = SupabaseClient<Database>;
type PlaceArgs = Database['public']['Functions']['place_order']['Args'];

const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
const TRACKER: Person = {
  id: 'c0000000-0000-4000-8000-0000000000d1',
  email: 'tracker@example.in',
  userMetadata: { full_name: 'Tara Tracker' },
};
const TRACKER_2: Person = {
  id: 'c0000000-0000-4000-8000-0000000000d2',
  email: 'tracker-two@example.in',
  userMetadata: { full_name: 'Tanvi Tracker' },
};

let serial = 0;

/**
 * fetch over a connection from another loopback address (127.0.0.x): the gateway sets
 * X-Forwarded-For from the socket, as a proxy does, so this is how a test is another client.
 */
function fetchFrom(localAddress: string): typeof fetch {
  return (input, init) =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const req = request(url, { method: init?.method ?? 'GET', headers, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) out.append(k, one);
          }
          const status = res.statusCode ?? 500;
          resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      });
      req.on('error', reject);
      if (typeof init?.body === 'string') req.write(init.body);
      req.end();
    });
}

class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}

forEachStoreServer('the store rules of issue 12', ({ server }) => {
  let s: TestServer;

  /**
   * A supabase-js client with extra request headers and optionally a token, connecting from a
   * loopback address of its own when `from` is given (127.0.0.1 otherwise).
   */
  const client = (headers: Record<string, string>, token?: string, from?: string): Client =>
    createClient<Database>(s.url, s.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoWebSocket as never },
      global: {
        headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        ...(from ? { fetch: fetchFrom(from) } : {}),
      },
    });
  let address = 10;
  /** A loopback address no other test has used. */
  const nextAddress = () => `127.0.0.${++address}`;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db, [...Object.values(PEOPLE), TRACKER, TRACKER_2]);
  });

  async function product(price: number, stock: number): Promise<number> {
    const { rows } = await s.db.query<{ id: number }>(
      `insert into public.products (name, price, original_price, category_id, stock_quantity, image_url)
       values ($1, $2::numeric, $2::numeric * 2, 1, $3, '/images/products/test.webp') returning id`,
      [`Rules piece ${++serial}`, price, stock],
    );
    return Number(rows[0]!.id);
  }

  async function place(c: Client, method: 'cod' | 'razorpay' = 'cod') {
    const id = await product(1999, 50);
    const { data, error } = await c.rpc('place_order', {
      items: [{ product_id: id, quantity: 1 }],
      shipping_address: shippingAddress(),
      payment_method: method,
      idempotency_key: `rules-${process.pid}-${++serial}`,
    } as PlaceArgs);
    expect(error).toBeNull();
    return data as unknown as { id: string; order_number: string };
  }

  describe('staff rights follow the live account', () => {
    /** An owner made through Auth's admin API and staff_members, signed in with a password over HTTP. */
    async function signedInStaff(): Promise<{ userId: string; email: string; password: string }> {
      const email = `staff-${++serial}-${process.pid}@furnicraft.in`;
      const password = 'Staff-pass-2026!';
      const user = await createStaffUser(s, email, password, ['owner']);
      return { userId: user.id, email, password };
    }

    async function signIn(email: string, password: string): Promise<{ auth: Client; token: string }> {
      const auth = client({});
      const { data, error } = await auth.auth.signInWithPassword({ email, password });
      expect(error).toBeNull();
      return { auth, token: data.session!.access_token };
    }

    /** What a token can do: read every order, read the dashboard, and write a promo code. */
    async function powers(token: string) {
      const c = client({}, token);
      const someoneElses = await place(storeClient(s, PEOPLE.customerB));
      const orders = await c.from('orders').select('id').eq('id', someoneElses.id);
      const dashboard = await c.rpc('admin_dashboard');
      const write = await c
        .from('promo_codes')
        .insert({ code: `LIVE${++serial}`, kind: 'flat', value: 100 })
        .select('code');
      return {
        readsAllOrders: orders.data?.length === 1,
        dashboard: dashboard.error ? dashboard.error.code : 'ok',
        writes: write.error ? write.error.code : write.data?.length === 1 ? 'ok' : 'nothing',
      };
    }

    it('a signed-out admin’s token stops working at once', async () => {
      const staff = await signedInStaff();
      const { auth, token } = await signIn(staff.email, staff.password);
      expect(await powers(token)).toEqual({ readsAllOrders: true, dashboard: 'ok', writes: 'ok' });
      const out = await auth.auth.signOut();
      expect(out.error).toBeNull();
      // The token itself is still unexpired and correctly signed: only the session is gone.
      expect(await powers(token)).toEqual({ readsAllOrders: false, dashboard: '42501', writes: '42501' });
    });

    it('a member removed by another owner stops working at once', async () => {
      const staff = await signedInStaff();
      const { token } = await signIn(staff.email, staff.password);
      expect(await powers(token)).toEqual({ readsAllOrders: true, dashboard: 'ok', writes: 'ok' });
      const removed = await storeClient(s, PEOPLE.admin).rpc('admin_remove_staff', { user_id: staff.userId });
      expect(removed.error).toBeNull();
      // The same unexpired token, the same live session: only the staff_members row is gone.
      expect(await powers(token)).toEqual({ readsAllOrders: false, dashboard: '42501', writes: '42501' });
      // Made staff again, the same session works again (nothing else was changed).
      await makeStaff(s, { id: staff.userId, email: staff.email }, ['owner']);
      expect(await powers(token)).toEqual({ readsAllOrders: true, dashboard: 'ok', writes: 'ok' });
    });

    it('a member the service role deletes, or demotes to viewer, loses what was taken at once', async () => {
      const staff = await signedInStaff();
      const { token } = await signIn(staff.email, staff.password);
      expect(await powers(token)).toEqual({ readsAllOrders: true, dashboard: 'ok', writes: 'ok' });
      // Demoted to viewer: still reads, writes nothing (RLS: the insert is refused).
      await makeStaff(s, { id: staff.userId, email: staff.email }, ['viewer']);
      expect(await powers(token)).toEqual({ readsAllOrders: true, dashboard: 'ok', writes: '42501' });
      await removeStaff(s, staff.userId);
      expect(await powers(token)).toEqual({ readsAllOrders: false, dashboard: '42501', writes: '42501' });
    });

    it('a token naming a session that never existed is no admin', async () => {
      const c = client(
        {},
        s.signJwt({
          aud: 'authenticated',
          exp: Math.floor(Date.now() / 1000) + 600,
          sub: PEOPLE.admin.id,
          role: 'authenticated',
          app_metadata: { provider: 'email' },
          amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) - 60 }],
          session_id: '00000000-0000-4000-8000-000000000000',
        }),
      );
      expect((await c.rpc('admin_dashboard')).error?.code).toBe('42501');
    });
  });

  describe('order numbers', () => {
    it('are random: consecutive orders do not follow one another', async () => {
      const asha = storeClient(s, PEOPLE.customerA);
      const numbers: string[] = [];
      for (let i = 0; i < 6; i++) numbers.push((await place(asha)).order_number);
      for (const n of numbers) expect(n).toMatch(/^ORD\d{16}$/);
      expect(new Set(numbers).size).toBe(numbers.length);
      const tails = numbers.map((n) => Number(n.slice(-10)));
      // A sequence (or anything close) differs by small steps; 10 random digits almost never do.
      const close = tails.slice(1).filter((t, i) => Math.abs(t - tails[i]!) < 1_000_000);
      expect(close).toEqual([]);
    });
  });

  describe('rate limits per client', () => {
    beforeAll(async () => {
      await s.db.query(
        'update public.store_settings set track_order_limit_per_minute = 3, preview_promo_limit_per_minute = 3',
      );
    });
    afterAll(async () => {
      await s.db.query(
        'update public.store_settings set track_order_limit_per_minute = 10, preview_promo_limit_per_minute = 10',
      );
    });

    async function track(c: Client) {
      return c.rpc('track_order', { order_number: 'ORD0000000000000000', contact: 'x@example.in' });
    }
    async function promo(c: Client) {
      return c.rpc('preview_promo', { code: 'SAVE10', subtotal: 5000 }).single();
    }

    it.each([
      ['track_order', track],
      ['preview_promo', promo],
    ] as const)(
      '%s: the 4th call in a minute from one address is refused, another address is not',
      async (_, call) => {
        const from = nextAddress();
        // A client cannot pass for another by what it writes in X-Forwarded-For or
        // CF-Connecting-IP: the gateway sets the one and drops the other.
        const visitor = (spoof: string) =>
          client({ 'X-Forwarded-For': spoof, 'CF-Connecting-IP': spoof }, undefined, from);
        for (let i = 0; i < 3; i++) expect((await call(visitor(`203.0.113.${i}`))).error).toBeNull();
        const refused = await call(visitor('203.0.113.99'));
        expect(refused.status).toBe(429);
        expect(refused.error).toEqual({
          code: 'PT429',
          message: RATE_LIMITED,
          details: 'rate_limited',
          hint: 'At most 3 a minute.',
        });
        // Another address is another client.
        expect((await call(client({}, undefined, nextAddress()))).error).toBeNull();
      },
    );

    it('counts a signed-in shopper by account, whatever address they use', async () => {
      const token = accessTokenFor(TRACKER);
      for (let i = 0; i < 3; i++) expect((await track(client({}, token, nextAddress()))).error).toBeNull();
      expect((await track(client({}, token, nextAddress()))).error?.code).toBe('PT429');
      expect((await track(client({}, accessTokenFor(TRACKER_2), nextAddress()))).error).toBeNull();
    });

    it('names the client as hosted Supabase passes it: CF-Connecting-IP, else X-Forwarded-For', async () => {
      const clientOf = (claims: object, headers: object) =>
        s.db.transaction(async (tx) => {
          await tx.query(
            `select set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)`,
            [JSON.stringify(claims), JSON.stringify(headers)],
          );
          return (await tx.query<{ c: string | null }>('select private.rate_limit_client() as c')).rows[0]!.c;
        });
      const anon = { role: 'anon' };
      expect(
        await clientOf(anon, { 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': '10.1.1.1, 10.0.0.2' }),
      ).toBe('ip:198.51.100.7');
      expect(await clientOf(anon, { 'x-forwarded-for': '198.51.100.8, 10.0.0.2' })).toBe('ip:198.51.100.8');
      expect(await clientOf(anon, {})).toBe('ip:unknown');
      expect(
        await clientOf({ role: 'authenticated', sub: TRACKER.id }, { 'x-forwarded-for': '1.2.3.4' }),
      ).toBe(`user:${TRACKER.id}`);
      expect(await clientOf({ role: 'service_role' }, { 'x-forwarded-for': '1.2.3.4' })).toBeNull();
    });

    it('starts a new window after a minute and clears old counters', async () => {
      const from = nextAddress();
      const visitor = client({}, undefined, from);
      for (let i = 0; i < 3; i++) await track(visitor);
      expect((await track(visitor)).error?.code).toBe('PT429');
      await s.db.query(
        `update private.rate_limit_counters set window_started_at = now() - interval '61 seconds'
         where client = $1`,
        [`ip:${from}`],
      );
      expect((await track(visitor)).error).toBeNull();
      await s.db.query(
        `insert into private.rate_limit_counters (action, client, window_started_at, hits)
         select 'track_order', 'ip:old-' || g, now() - interval '1 hour', 1 from generate_series(1, 5) as g`,
      );
      await track(client({}, undefined, nextAddress()));
      const { rows } = await s.db.query<{ n: string }>(
        `select count(*)::text as n from private.rate_limit_counters where client like 'ip:old-%'`,
      );
      expect(rows[0]!.n).toBe('0');
    });

    function accessTokenFor(p: Person): string {
      const now = Math.floor(Date.now() / 1000);
      return s.signJwt({
        aud: 'authenticated',
        exp: now + 600,
        sub: p.id,
        role: 'authenticated',
        app_metadata: { provider: 'email' },
        amr: [{ method: 'password', timestamp: now - 60 }],
      });
    }
  });

  describe('preview_promo for a visitor', () => {
    it('answers unknown, expired and used-up codes alike, byte for byte', async () => {
      await s.db.query(
        `insert into public.promo_codes (code, kind, value, starts_at, ends_at, usage_limit, used_count)
         values ('GONE2025', 'flat', 300, '2025-01-01', '2025-02-01', null, 0),
                ('ONCEONLY', 'flat', 300, '2025-01-01', null, 1, 1)`,
      );
      const raw = async (code: string) => {
        const res = await fetchFrom(nextAddress())(`${s.url}/rest/v1/rpc/preview_promo`, {
          method: 'POST',
          headers: { apikey: s.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ code, subtotal: 5000 }),
        });
        return { status: res.status, body: await res.text() };
      };
      const expired = await raw('GONE2025');
      const usedUp = await raw('ONCEONLY');
      // The same codes once they no longer exist: the answer depends only on what was typed.
      await s.db.query(`delete from public.promo_codes where code in ('GONE2025', 'ONCEONLY')`);
      expect(await raw('GONE2025')).toEqual(expired);
      expect(await raw('ONCEONLY')).toEqual(usedUp);
      expect(JSON.parse(expired.body)).toEqual([
        {
          applied: false,
          promo_code: 'GONE2025',
          discount: 0,
          message: 'Invalid promo code.',
          reason: 'invalid',
          min_subtotal: null,
        },
      ]);
      expect(usedUp.body).toBe(expired.body.replace('GONE2025', 'ONCEONLY'));
    });

    it('still tells a signed-in shopper why a code does not apply', async () => {
      await s.db.query(
        `insert into public.promo_codes (code, kind, value, starts_at, ends_at) values ('GONE2024', 'flat', 300, '2024-01-01', '2024-02-01')`,
      );
      const { data } = await storeClient(s, PEOPLE.customerA)
        .rpc('preview_promo', { code: 'gone2024', subtotal: 5000 })
        .single();
      expect(data).toMatchObject({
        applied: false,
        reason: 'expired',
        message: 'Promo code GONE2024 has expired.',
      });
    });
  });

  describe('staff order moves', () => {
    let staff: Client;
    beforeAll(() => {
      staff = storeClient(s, PEOPLE.admin);
    });
    const allowed = async (id: string) =>
      (await staff.from('orders').select('id, allowed_transitions').eq('id', id).single()).data
        ?.allowed_transitions;

    it('cannot ship (or confirm) an unpaid online order; only cancel it', async () => {
      const order = await place(storeClient(s, PEOPLE.customerB), 'razorpay');
      expect(await allowed(order.id)).toEqual(['cancelled']);
      for (const status of ['shipped', 'processing'] as const) {
        const { error } = await staff.rpc('admin_set_order_status', { order_id: order.id, status });
        expect(error).toMatchObject({ code: 'P0001', details: 'unpaid_online_order' });
      }
      const { error } = await staff.rpc('admin_set_order_status', { order_id: order.id, status: 'shipped' });
      expect(error?.message).toBe(
        `Order ${order.order_number} has not been paid online yet, so it cannot be shipped.`,
      );
      // Once paid, it can be shipped.
      await serviceClient(s).rpc('mark_order_paid', { order_id: order.id, razorpay_payment_id: 'pay_rules' });
      expect(await allowed(order.id)).toEqual(['shipped', 'cancelled']);
      expect(
        (await staff.rpc('admin_set_order_status', { order_id: order.id, status: 'shipped' })).error,
      ).toBeNull();
    });

    it('offers a shipped order only delivery, and refuses to cancel it', async () => {
      const order = await place(storeClient(s, PEOPLE.customerB));
      expect(await allowed(order.id)).toEqual(['processing', 'shipped', 'cancelled']);
      await staff.rpc('admin_set_order_status', { order_id: order.id, status: 'shipped' });
      expect(await allowed(order.id)).toEqual(['delivered']);
      const cancel = await staff.rpc('admin_set_order_status', { order_id: order.id, status: 'cancelled' });
      expect(cancel.error?.details).toBe('invalid_status_transition');
      await staff.rpc('admin_set_order_status', { order_id: order.id, status: 'delivered' });
      expect(await allowed(order.id)).toEqual([]);
    });
  });
});
