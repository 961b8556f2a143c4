/**
 * The Edge Functions verify their callers themselves (auth.getClaims() in
 * supabase/functions/_shared/supabase.ts), with the platform's check off (config.toml verify_jwt =
 * false for every function, as Supabase's docs ask for the new JWT signing keys). Over HTTP on
 * PGlite (and PostgreSQL when DATABASE_URL is set), the functions under real Deno: a call with no
 * token, a token signed by a key that is not the project's (HS256 or ES256, even naming the
 * project's key id), an expired token, or an API key as the bearer is refused by the function
 * (its own `{ error }` 401, not the platform's `{ msg }`), and changes nothing; a session from a
 * real sign-in is accepted, by the function and by the database it calls as that user. Both with
 * supabase-local signing sessions with an ES256 key (verified against the published JWKS) and in
 * legacy HS256 mode (verified by asking Auth).
 */
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import { authClient, forEachServer, mintJwt, uniqueEmail, type TestServer } from 'supabase-local/testing';
import {
  accessToken,
  addPeople,
  PEOPLE,
  serviceClient,
  shippingAddress,
  storeClient,
  STORE_PATHS,
} from './support/store.ts';
import { postFunction } from './support/functions.ts';
import { makeStaff } from './support/staff.ts';

const config = loadConfig();
/**
 * The functions a signed-in user calls; the webhook (Razorpay's signature) and sitemap (public) are
 * not. `refunds` also answers the project's secret key (its cron), so a key is refused by it only
 * when it is not that one.
 */
const USER_FUNCTIONS = ['razorpay-create-order', 'razorpay-verify-payment', 'refunds'] as const;

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const decodePart = (token: string, i: 0 | 1) =>
  JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** An ES256 JWT of `claims` signed with `key` (a P-256 private key), naming `kid`. */
function es256(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${b64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${b64url(signature)}`;
}

let serial = 0;

/** supabase-local signs sessions with an ES256 key by default (JWKS published), or HS256 (legacy). */
const SIGNING = [
  { mode: 'ES256', env: {} },
  { mode: 'HS256', env: { SUPABASE_LOCAL_JWT_ALGORITHM: 'HS256' } },
] as const;

for (const { mode, env } of SIGNING)
  forEachServer(
    `the functions verify their callers themselves (sessions signed ${mode})`,
    { migrationsDir: STORE_PATHS.migrationsDir, seedPaths: STORE_PATHS.seedPaths, config, env },
    ({ server }) => {
      let s: TestServer;
      beforeAll(async () => {
        s = server();
        await addPeople(s.db);
        await s.db.query('update public.store_settings set max_unpaid_online_orders = 100');
      });

      /** An online order placed by Asha (unpaid, no Razorpay order yet). */
      const placeOnline = async () => {
        const { data, error } = await storeClient(s, PEOPLE.customerA).rpc('place_order', {
          items: [{ product_id: 1, quantity: 1 }],
          shipping_address: shippingAddress() as never,
          payment_method: 'razorpay',
          idempotency_key: `caller-${++serial}-${Date.now()}`,
        });
        expect(error).toBeNull();
        return data!;
      };
      const bodyFor = (name: (typeof USER_FUNCTIONS)[number], orderId: string) =>
        name === 'razorpay-verify-payment'
          ? { order_id: orderId, razorpay_payment_id: 'pay_caller0000001', razorpay_signature: '00' }
          : { order_id: orderId };
      const orderRow = async (id: string) => {
        const { data } = await serviceClient(s)
          .from('orders')
          .select('status,payment_status,razorpay_order_id')
          .eq('id', id)
          .single();
        return data!;
      };

      /** Tokens for Asha that this project did not issue, or that are not a user's session. */
      const refusedTokens = async (): Promise<Record<string, string>> => {
        const genuine = accessToken(s, PEOPLE.customerA);
        const claims = decodePart(genuine, 1);
        const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        // The project's own key id when it publishes asymmetric keys: only the signature gives it away.
        const jwks = await fetch(`${s.url}/auth/v1/.well-known/jwks.json`);
        const published = jwks.ok ? ((await jwks.json()) as { keys?: { kid?: string }[] }).keys : undefined;
        const kid = published?.find((k) => typeof k.kid === 'string')?.kid ?? randomUUID();
        const now = Math.floor(Date.now() / 1000);
        return {
          'HS256, a foreign secret': mintJwt('not-this-projects-secret-but-long-enough-to-sign-with', claims),
          'ES256, a foreign key': es256(claims, privateKey, kid),
          'ES256, a foreign key, an unknown kid': es256(claims, privateKey, randomUUID()),
          'expired (the project secret)': s.signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }),
          'tampered claims': `${genuine.split('.')[0]}.${b64url(JSON.stringify({ ...claims, sub: PEOPLE.customerB.id }))}.${genuine.split('.')[2]}`,
          'the anon key': s.anonKey,
          'the service role key': s.serviceRoleKey,
          'not a JWT': 'sb_publishable_not-a-session',
        };
      };

      it('has the platform check off for every function (config.toml), so the refusals below are their own', () => {
        for (const name of [...USER_FUNCTIONS, 'razorpay-webhook', 'sitemap']) {
          expect(config.functions[name]?.verify_jwt, name).toBe(false);
        }
      });

      describe.each(USER_FUNCTIONS)('%s', (name) => {
        it('refuses a call without a token, with only the API key, or with a non-Bearer header', async () => {
          const order = await placeOnline();
          const bare = await fetch(`${s.url}/functions/v1/${name}`, {
            method: 'POST',
            body: JSON.stringify(bodyFor(name, order.id)),
          });
          expect(bare.status).toBe(401);
          expect(await bare.json()).toEqual({ error: 'Missing authorization header.' });
          // the apps' anon/publishable key alone (the gateway may pass it on as the bearer), or Basic
          const variants: Record<string, string>[] = [{}, { Authorization: 'Basic eDp5' }];
          for (const headers of variants) {
            const r = await postFunction(s, name, bodyFor(name, order.id), undefined, headers);
            expect(r.status).toBe(401);
            expect(Object.keys((await r.json()) as object)).toEqual(['error']);
          }
          expect(await orderRow(order.id)).toMatchObject({
            payment_status: 'pending',
            razorpay_order_id: null,
          });
        });

        it('refuses tokens the project did not issue, expired ones, and API keys as the bearer', async () => {
          const order = await placeOnline();
          for (const [what, token] of Object.entries(await refusedTokens())) {
            if (name === 'refunds' && what === 'the service role key') continue; // the cron's key: below
            const r = await postFunction(s, name, bodyFor(name, order.id), token);
            expect(r.status, what).toBe(401);
            expect(await r.json(), what).toEqual({ error: 'Invalid JWT.' });
          }
          expect(await orderRow(order.id)).toMatchObject({
            payment_status: 'pending',
            razorpay_order_id: null,
          });
        });
      });

      it('refunds answers the project’s secret or service role key (its cron), with nothing due here', async () => {
        const order = await placeOnline();
        for (const key of [s.secretKey, s.serviceRoleKey]) {
          const r = await postFunction(s, 'refunds', { order_id: order.id }, key, { apikey: key });
          expect(r.status).toBe(200);
          expect(await r.json()).toEqual({ refunds: [] });
        }
      });

      it('accepts a session from a real sign-in: the customer opens her Razorpay order, staff reach the refunds', async () => {
        const admin = serviceClient(s);
        const password = 'Correct-horse-9';
        const customerEmail = uniqueEmail('caller-customer');
        const staffEmail = uniqueEmail('caller-staff');
        const made = await Promise.all([
          admin.auth.admin.createUser({ email: customerEmail, password, email_confirm: true }),
          admin.auth.admin.createUser({ email: staffEmail, password, email_confirm: true }),
        ]);
        for (const m of made) expect(m.error).toBeNull();
        await makeStaff(s, { id: made[1].data.user!.id, email: staffEmail }, ['finance']);

        const customer = authClient(s);
        const signedIn = await customer.auth.signInWithPassword({ email: customerEmail, password });
        expect(signedIn.error).toBeNull();
        const token = signedIn.data.session!.access_token;
        const header = decodePart(token, 0);
        expect(header.alg).toBe(mode);
        if (mode === 'ES256') {
          // signed with a key the project publishes (getClaims verifies such a token against the JWKS)
          const jwks = (await (await fetch(`${s.url}/auth/v1/.well-known/jwks.json`)).json()) as {
            keys: { kid: string }[];
          };
          expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
        }
        const { data: order, error } = await customer.rpc('place_order', {
          items: [{ product_id: 1, quantity: 1 }],
          shipping_address: shippingAddress() as never,
          payment_method: 'razorpay',
          idempotency_key: `caller-real-${Date.now()}`,
        });
        expect(error).toBeNull();
        const orderId = (order as { id: string }).id;
        const created = await postFunction(s, 'razorpay-create-order', { order_id: orderId }, token);
        expect(created.status).toBe(200);
        const { razorpay_order_id } = (await created.json()) as { razorpay_order_id: string };
        expect((await orderRow(orderId)).razorpay_order_id).toBe(razorpay_order_id);
        // her token is hers only: Asha's order is not found for her
        const other = await placeOnline();
        expect((await postFunction(s, 'razorpay-create-order', { order_id: other.id }, token)).status).toBe(
          404,
        );

        const staff = authClient(s);
        const staffIn = await staff.auth.signInWithPassword({ email: staffEmail, password });
        expect(staffIn.error).toBeNull();
        const staffToken = staffIn.data.session!.access_token;
        // staff read every order (RLS, as this member of staff): nothing is due on this one
        const refund = await postFunction(s, 'refunds', { order_id: orderId }, staffToken);
        expect(refund.status).toBe(200);
        expect(await refund.json()).toEqual({ refunds: [] });
        // the customer reaches her own order's refunds, not Asha's
        expect((await postFunction(s, 'refunds', { order_id: orderId }, token)).status).toBe(200);
        expect((await postFunction(s, 'refunds', { order_id: other.id }, token)).status).toBe(404);
      });

      it("accepts Asha's token signed with the project's own key, whichever kind it has", async () => {
        const claims = decodePart(accessToken(s, PEOPLE.customerA), 1);
        const token = s.signingKeys ? mintJwt(s.signingKeys, claims) : s.signJwt(claims);
        expect(decodePart(token, 0).alg).toBe(mode);
        const order = await placeOnline();
        const created = await postFunction(s, 'razorpay-create-order', { order_id: order.id }, token);
        expect(created.status).toBe(200);
        expect((await orderRow(order.id)).razorpay_order_id).toBe(
          ((await created.json()) as { razorpay_order_id: string }).razorpay_order_id,
        );
      });
    },
  );
