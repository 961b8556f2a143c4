/**
 * notify-dispatch end to end over HTTP, on PGlite (and PostgreSQL when DATABASE_URL is set): the
 * function runs under real Deno with the project's config.toml and talks real SMTP to a server this
 * test starts (smtp-server; what arrives is parsed with mailparser). A COD order's confirmation arrives
 * once with its number, ₹ total in Indian grouping, picture and escaped name, and is marked sent with
 * the server's id; a closed SMTP port or a 550 fails the row with backoff and, at the limit, dead; the
 * mail is sent exactly once when the server is back; two dispatchers at once send each row once; a
 * confirmation whose order was cancelled first is not sent; only the secret key may call it; and the
 * whole schedule (Vault → pg_cron job → pg_net → function → SMTP) delivers a mail; a return's mails
 * (requested, rejected with the reason) go out the same way. Production's
 * implicit TLS (SMTPS, port 465) runs too: a sink with a certificate from a CA made here (openssl), which
 * the function's Deno trusts through DENO_CERT, and which it refuses without it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { applyVaultSecrets, createNetWorker, createScheduler, loadConfig } from 'supabase-local';
import { forEachServer, functionsSurface, type TestServer } from 'supabase-local/testing';
import type { Database, Json, Tables } from '../../shared/src/types/database.ts';
import {
  accessToken,
  addPeople,
  PEOPLE,
  shippingAddress,
  storeClient,
  STORE_PATHS,
} from './support/store.ts';
import { smtpSink, type ReceivedMail } from './support/smtp-sink.ts';

type Outbox = Tables<'notification_outbox'>;

// Below Linux's ephemeral range (32768–60999): an outgoing connection of the run never holds it.
const SMTP_PORT = 25510;
const SITE = 'https://shop.furnicraft.test';
const sink = smtpSink(SMTP_PORT);

/** The function's secrets, as `supabase secrets set` would give them (plain SMTP to the local sink). */
const functionEnv = (overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(SMTP_PORT),
  SMTP_SECURE: 'false',
  SMTP_USER: sink.user,
  SMTP_PASS: sink.pass,
  MAIL_FROM: 'FurniCraft <orders@furnicraft.test>',
  STORE_SITE_URL: SITE,
  STORE_SUPPORT_EMAIL: 'care@furnicraft.test',
  STORE_SUPPORT_PHONE: '+91 80 4000 1234',
  ...overrides,
});

const serverOptions = (env: NodeJS.ProcessEnv) => ({
  migrationsDir: STORE_PATHS.migrationsDir,
  seedPaths: STORE_PATHS.seedPaths,
  config: loadConfig(),
  // no supabase/functions/.env: only these secrets
  surfaces: { functions: functionsSurface({ env, envFile: '/nonexistent/notify.env', watch: false }) },
});

let serial = 0;

/** The people, and COD allowed above ₹1 lakh (so totals show the lakh grouping). */
async function prepare(s: TestServer, people = Object.values(PEOPLE)): Promise<void> {
  await addPeople(s.db, people);
  await s.db.query('update public.store_settings set cod_max_order_total = 10000000');
}

/** Asha's COD order of one piece costing `price` ×2, delivered to `address`. */
async function placeCod(
  s: TestServer,
  address: { [key: string]: Json | undefined } = {},
  price = 61728,
): Promise<Tables<'orders'>> {
  const { rows } = await s.db.query<{ id: number }>(
    `insert into public.products (name, price, original_price, category_id, stock_quantity, image_url)
     values ($1, $2::numeric, $2::numeric, 1, 100, '/images/products/notify-sofa.webp') returning id`,
    [`Aarav <i>3-Seater</i> Sofa & "Co" ${++serial}`, price],
  );
  const { data, error } = await storeClient(s, PEOPLE.customerA)
    .rpc('place_order', {
      items: [{ product_id: Number(rows[0]!.id), quantity: 2, selected_color: 'Walnut' }],
      shipping_address: shippingAddress(address),
      payment_method: 'cod',
      idempotency_key: `notify-${serial}-${Date.now()}`,
    })
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function outboxOf(s: TestServer, orderId: string): Promise<Outbox[]> {
  return (
    await s.db.query<Outbox>('select * from public.notification_outbox where order_id = $1 order by id', [
      orderId,
    ])
  ).rows;
}

const mailsFor = (orderNumber: string): ReceivedMail[] =>
  sink.received.filter((m) => m.subject.includes(orderNumber));

const indianRupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);

async function dispatch(s: TestServer, key: string = s.secretKey, header: 'bearer' | 'apikey' = 'bearer') {
  const r = await fetch(`${s.url}/functions/v1/notify-dispatch`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(header === 'bearer' ? { apikey: key, Authorization: `Bearer ${key}` } : { apikey: key }),
    },
    body: '{}',
  });
  return { status: r.status, body: (await r.json()) as { sent?: number; failed?: number; error?: string } };
}

forEachServer('notify-dispatch over real SMTP', serverOptions(functionEnv()), ({ server }) => {
  let s: TestServer;

  beforeAll(async () => {
    s = server();
    await prepare(s);
    sink.received.length = 0; // the other database kind's mails
    await sink.start();
  });
  afterAll(async () => {
    await sink.stop();
  });
  beforeEach(async () => {
    sink.mode = 'accept';
    // each test sees only its own rows
    await s.db.query(
      `update public.notification_outbox set status = 'sent', sent_at = now(), locked_until = null
       where status in ('pending', 'failed', 'sending')`,
    );
  });

  it('answers only the secret key: no key, the anon key, a user’s token or a guess get 401 and send nothing', async () => {
    const order = await placeCod(s);
    const before = sink.received.length;
    for (const key of [
      s.anonKey,
      s.publishableKey,
      accessToken(s, PEOPLE.admin),
      `${s.secretKey}x`,
      'sb_secret_guess',
    ]) {
      const r = await dispatch(s, key);
      expect(r.status).toBe(401);
      expect(r.body.error).toMatch(/secret key/);
    }
    const none = await fetch(`${s.url}/functions/v1/notify-dispatch`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    expect((await outboxOf(s, order.id)).map((r) => [r.status, r.attempts])).toEqual([['pending', 0]]);
    expect(sink.received.length).toBe(before);

    // the legacy service_role key and the apikey header alone are the secret key too
    expect((await dispatch(s, s.serviceRoleKey, 'apikey')).body).toEqual({ sent: 1, failed: 0 });
  });

  it('a COD order: exactly one mail with the number, ₹ total, picture and escaped name; marked sent; sent once', async () => {
    const order = await placeCod(s, {
      fullName: 'Asha <b>Rao</b> & "family"',
      address: '14, <script>alert(1)</script> Cross',
    });
    const r = await dispatch(s);
    expect(r).toEqual({ status: 200, body: { sent: 1, failed: 0 } });

    const mails = mailsFor(order.order_number);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelopeTo).toEqual(['asha@example.in']);
    expect(mail.parsed.from?.value).toEqual([{ name: 'FurniCraft', address: 'orders@furnicraft.test' }]);
    expect(mail.messageId).toBe(`<order_placed.${order.id}@furnicraft.test>`);
    const total = indianRupees(Number(order.total));
    expect(total).toMatch(/^₹\d{1,2},\d{2},\d{3}\.\d{2}$/); // lakh grouping: ₹1,23,456.00
    expect(mail.subject).toBe(`Order ${order.order_number} placed: pay ${total} on delivery`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(order.order_number);
      expect(part).toContain(total);
      expect(part).toContain(`${SITE}/track-order?order=${order.order_number}&`);
    }
    expect(mail.html).toContain(`src="${SITE}/images/products/notify-sofa.webp"`);
    expect(mail.html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt; &amp; &quot;family&quot;');
    expect(mail.html).toContain('14, &lt;script&gt;alert(1)&lt;/script&gt; Cross');
    expect(mail.html).toContain('Aarav &lt;i&gt;3-Seater&lt;/i&gt; Sofa &amp; &quot;Co&quot;');
    expect(mail.html).not.toMatch(/<script|<b>Rao|<i>3-Seater/);
    expect(mail.text).toContain('Asha <b>Rao</b> & "family"'); // plain text is not HTML
    expect(mail.text).toContain('care@furnicraft.test');

    const [row] = await outboxOf(s, order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.provider_id).toContain(`queued as ${mail.queueId}`);

    expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 0 });
    expect(mailsFor(order.order_number)).toHaveLength(1);
  });

  it('SMTP down: the row fails with backoff, nothing is lost, and it is sent exactly once when the server is back', async () => {
    const order = await placeCod(s);
    await sink.stop();
    try {
      expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 1 });
      const [failed] = await outboxOf(s, order.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed!.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
      expect(new Date(failed!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
      // not due yet: another call leaves it alone
      expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 0 });
    } finally {
      await sink.start();
    }
    expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 0 }); // still waiting for its backoff
    await s.db.query(`update public.notification_outbox set next_attempt_at = now() where order_id = $1`, [
      order.id,
    ]);
    expect((await dispatch(s)).body).toEqual({ sent: 1, failed: 0 });
    expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 0 });
    expect(mailsFor(order.order_number)).toHaveLength(1);
    expect((await outboxOf(s, order.id))[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('SMTP refusing (550): failed with the server’s answer, dead after max_attempts, nothing delivered', async () => {
    const order = await placeCod(s);
    await s.db.query(`update public.notification_outbox set max_attempts = 2 where order_id = $1`, [
      order.id,
    ]);
    sink.mode = 'reject';
    expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 1 });
    let [row] = await outboxOf(s, order.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toContain('550');
    await s.db.query(`update public.notification_outbox set next_attempt_at = now() where order_id = $1`, [
      order.id,
    ]);
    expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 1 });
    [row] = await outboxOf(s, order.id);
    expect(row).toMatchObject({ status: 'dead', attempts: 2 });
    expect(row!.last_error).toContain('550');
    expect(mailsFor(order.order_number)).toEqual([]);

    // staff resend it from the order's Messages once the provider accepts mail again
    sink.mode = 'accept';
    const resend = await storeClient(s, PEOPLE.admin).rpc('admin_resend_notification', { id: row!.id });
    expect(resend.error).toBeNull();
    expect((await dispatch(s)).body).toEqual({ sent: 1, failed: 0 });
    expect(mailsFor(order.order_number)).toHaveLength(1);
    expect((await outboxOf(s, order.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a row sent again after a crash between the send and its mark carries the same Message-ID', async () => {
    const order = await placeCod(s);
    expect((await dispatch(s)).body).toEqual({ sent: 1, failed: 0 });
    // as if the function had died after the server's 250 and before complete_notification: the row is
    // still leased, and the lease has run out
    await s.db.query(
      `update public.notification_outbox
       set status = 'sending', sent_at = null, locked_until = now() - interval '1 second'
       where order_id = $1`,
      [order.id],
    );
    expect((await dispatch(s)).body).toEqual({ sent: 1, failed: 0 });
    const ids = mailsFor(order.order_number).map((m) => m.messageId);
    expect(ids).toEqual([
      `<order_placed.${order.id}@furnicraft.test>`,
      `<order_placed.${order.id}@furnicraft.test>`,
    ]);
  });

  it('two dispatchers at once send each row once', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await placeCod(s));
    const [a, b] = await Promise.all([dispatch(s), dispatch(s)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((a.body.sent ?? 0) + (b.body.sent ?? 0)).toBe(6);
    for (const o of orders) expect(mailsFor(o.order_number)).toHaveLength(1);
    const statuses = (
      await s.db.query<{ status: string }>(
        'select status from public.notification_outbox where order_id = any($1::uuid[])',
        [orders.map((o) => o.id)],
      )
    ).rows.map((r) => r.status);
    expect(statuses).toEqual(Array(6).fill('sent'));
  });

  it('an order cancelled before its confirmation went out gets only the cancellation mail', async () => {
    const order = await placeCod(s);
    const asha: SupabaseClient<Database> = storeClient(s, PEOPLE.customerA);
    const { error } = await asha.rpc('cancel_order', { order_id: order.id });
    expect(error).toBeNull();
    expect((await dispatch(s)).body).toEqual({ sent: 1, failed: 0 });
    const mails = mailsFor(order.order_number);
    expect(mails.map((m) => m.subject)).toEqual([`Order ${order.order_number} cancelled as you asked`]);
    expect(mails[0]!.text).toContain(`As you asked, we have cancelled order ${order.order_number}.`);
    expect((await outboxOf(s, order.id)).map((r) => [r.event, r.status])).toEqual([
      ['order_placed', 'suppressed'],
      ['cancelled', 'sent'],
    ]);
  });

  it('a return’s mails: requested, then rejected with the staff’s reason', async () => {
    const order = await placeCod(s);
    const staff = storeClient(s, PEOPLE.admin);
    for (const status of ['shipped', 'delivered'] as const)
      expect((await staff.rpc('admin_set_order_status', { order_id: order.id, status })).error).toBeNull();
    await s.db.query(
      `update public.notification_outbox set status = 'sent', sent_at = now() where order_id = $1`,
      [order.id],
    );
    const { data: lines } = await staff.from('order_items').select('id').eq('order_id', order.id);
    let day = Date.parse(new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10)) + 86_400_000;
    if (new Date(day).getUTCDay() === 0) day += 86_400_000;
    const requested = await storeClient(s, PEOPLE.customerA).rpc('request_return', {
      order_id: order.id,
      items: lines!.map((l) => ({ order_item_id: l.id, quantity: 1, reason: 'changed_mind' })),
      resolution: 'refund',
      pickup_date: new Date(day).toISOString().slice(0, 10),
      pickup_window: '17-20',
      refund_upi_id: 'asha.rao@okaxis',
    });
    expect(requested.error).toBeNull();
    const rn = requested.data!.return_number;
    const rejected = await staff.rpc('admin_decide_return', {
      return_id: requested.data!.id,
      approve: false,
      reason: 'The sofa shows wear <beyond> a trial',
    });
    expect(rejected.error).toBeNull();

    expect((await dispatch(s)).body).toEqual({ sent: 2, failed: 0 });
    const mails = mailsFor(order.order_number);
    expect(mails.map((m) => m.subject)).toEqual([
      `Return ${rn} requested for order ${order.order_number}`,
      `Return ${rn} for order ${order.order_number} was not accepted`,
    ]);
    expect(mails[0]!.text).toMatch(/Pickup: \w{3}, \d{1,2} \w{3}, 5–8 pm/);
    expect(mails[0]!.text).toContain('(Changed my mind)');
    expect(mails[1]!.text).toContain('Reason: The sofa shows wear <beyond> a trial');
    expect(mails[1]!.html).toContain('Reason: The sofa shows wear &lt;beyond&gt; a trial');
  });

  it('the schedule: Vault entries → the pg_cron job → pg_net → the function → the mail', async () => {
    const order = await placeCod(s);
    await applyVaultSecrets(s.db, { project_url: s.url, secret_key: s.secretKey }, () => {});
    await s.db.query(`delete from net.http_request_queue`);
    const scheduler = createScheduler(s.db, { now: () => new Date('2026-11-24T10:00:30Z'), log: () => {} });
    const runs = await scheduler.tick(new Date('2026-11-24T10:01:00Z'));
    expect(runs.find((r) => r.jobname === 'notify-dispatch')).toMatchObject({ status: 'succeeded' });
    const responses = await createNetWorker(s.db, { apiUrl: s.url, log: () => {} }).tick();
    expect(responses.map((r) => r.status_code)).toEqual([200]);
    expect(mailsFor(order.order_number)).toHaveLength(1);
    expect((await outboxOf(s, order.id))[0]).toMatchObject({ status: 'sent' });
  });
});

forEachServer(
  'notify-dispatch without its SMTP secrets',
  serverOptions(functionEnv({ SMTP_PASS: undefined, MAIL_FROM: '' })),
  ({ server }) => {
    it('answers 500 naming the missing secrets and claims nothing', async () => {
      const s = server();
      await prepare(s, [PEOPLE.customerA]);
      const order = await placeCod(s);
      const r = await dispatch(s);
      expect(r.status).toBe(500);
      expect(r.body.error).toBe('notify-dispatch is not configured: set the secret(s) SMTP_PASS, MAIL_FROM.');
      expect((await outboxOf(s, order.id)).map((row) => [row.status, row.attempts])).toEqual([
        ['pending', 0],
      ]);
    });
  },
);

/** A CA and a server certificate for 127.0.0.1 signed by it (openssl, as npm test installs it). */
function testCertificates(): { caPath: string; key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'notify-smtps-'));
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=FurniCraft test CA',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'key.pem',
    '-out',
    'leaf.csr',
    '-subj',
    '/CN=127.0.0.1',
  );
  writeFileSync(
    join(dir, 'ext.cnf'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  ssl(
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'cert.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
  return {
    caPath: join(dir, 'ca.pem'),
    key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
  };
}

const TLS_PORT = 25511;
const certs = testCertificates();
const tlsSink = smtpSink(TLS_PORT, certs);
const tlsEnv = (trusted: boolean) =>
  functionEnv({
    SMTP_PORT: String(TLS_PORT),
    SMTP_SECURE: 'true', // implicit TLS is the default on 465 only
    NOTIFY_BUDGET_MS: '1', // one batch (10 rows) per call, then the budget is spent
    ...(trusted ? { DENO_CERT: certs.caPath } : {}),
  });

for (const trusted of [true, false]) {
  forEachServer(
    `notify-dispatch over implicit TLS (SMTPS), ${trusted ? 'a certificate it trusts' : 'an untrusted certificate'}`,
    serverOptions(tlsEnv(trusted)),
    ({ server }) => {
      beforeAll(() => tlsSink.start());
      afterAll(() => tlsSink.stop());

      it(trusted ? 'sends over TLS' : 'refuses to send, and the row waits for a retry', async () => {
        const s = server();
        await prepare(s, [PEOPLE.customerA]);
        const order = await placeCod(s);
        const r = await dispatch(s);
        const mails = tlsSink.received.filter((m) => m.subject.includes(order.order_number));
        const [row] = await outboxOf(s, order.id);
        if (trusted) {
          expect(r.body).toEqual({ sent: 1, failed: 0 });
          expect(mails.map((m) => m.secure)).toEqual([true]);
          expect(row).toMatchObject({ status: 'sent' });
        } else {
          expect(r.body).toEqual({ sent: 0, failed: 1 });
          expect(mails).toEqual([]);
          expect(row).toMatchObject({ status: 'failed' });
          expect(row!.last_error).toMatch(/certificate/i);
        }
      });

      if (trusted) {
        it('a call claims no further batch once its time budget is spent; the next call sends the rest', async () => {
          const s = server();
          const orders = [];
          for (let i = 0; i < 12; i++) orders.push(await placeCod(s));
          expect((await dispatch(s)).body).toEqual({ sent: 10, failed: 0 });
          const pending = async () =>
            (
              await s.db.query<{ n: number }>(
                `select count(*)::int as n from public.notification_outbox where status = 'pending'`,
              )
            ).rows[0]!.n;
          expect(await pending()).toBe(2);
          expect((await dispatch(s)).body).toEqual({ sent: 2, failed: 0 });
          expect(await pending()).toBe(0);
          for (const o of orders) {
            expect(tlsSink.received.filter((m) => m.subject.includes(o.order_number))).toHaveLength(1);
          }
        });
      }
    },
  );
}
