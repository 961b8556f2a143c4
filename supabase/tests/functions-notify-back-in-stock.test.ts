/**
 * "Notify me when back in stock" (issue 16), from the mail to the inbox:
 *
 * - the mail without a server: the item's name with its variant, ₹ price with Indian grouping, an
 *   absolute picture and link to the variant, everything staff typed escaped in the HTML and literal
 *   in the text part, and a payload that does not fit (or links off the storefront) refused;
 * - end to end over HTTP and real SMTP, on PGlite (and PostgreSQL when DATABASE_URL is set): a shopper
 *   asks to be told about the seed's sold-out variant AARAV-MU-LR (request_back_in_stock), staff
 *   receive stock (admin_adjust_stock), the database queues one 'back_in_stock' row with no order,
 *   notify-dispatch (real Deno) sends it once, and a further receipt queues nothing more.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import { forEachServer, functionsSurface, type TestServer } from 'supabase-local/testing';
import type { Database, Tables } from '../../shared/src/types/database.ts';
import {
  readBackInStockPayload,
  renderBackInStockMail,
  type BackInStockPayload,
} from '../functions/_shared/mail/back-in-stock.ts';
import type { StoreContext } from '../functions/_shared/mail/orders.ts';
import { addPeople, PEOPLE, storeClient, STORE_PATHS } from './support/store.ts';
import { smtpSink } from './support/smtp-sink.ts';

const CTX: StoreContext = {
  siteUrl: 'https://furnicraft.in',
  supportEmail: 'care@furnicraft.in',
  supportPhone: '+91 80 4000 1234',
};

const PAYLOAD: BackInStockPayload = {
  product_name: 'Aarav <b>3-Seater</b> Sofa & "Co"',
  variant_title: "Mustard <i>cotton</i> / L-shape (right) & O'Neil",
  sku: 'AARAV-MU-LR',
  url_path: '/product/aarav-3-seater-fabric-sofa?variant=AARAV-MU-LR',
  image: '/images/products/aarav-3-seater-fabric-sofa--aarav-mu-lr.webp',
  price: 135999,
};

describe('the back-in-stock mail', () => {
  it('names the item and its variant, ₹ price, picture and link to the variant, in HTML and text', () => {
    const m = renderBackInStockMail(PAYLOAD, CTX);
    expect(m.subject).toBe(
      `Back in stock: Aarav <b>3-Seater</b> Sofa & "Co" (Mustard <i>cotton</i> / L-shape (right) & O'Neil)`,
    );
    for (const part of [m.html, m.text]) {
      expect(part).toContain('₹1,35,999.00');
      expect(part).toContain('AARAV-MU-LR');
      expect(part).toContain('care@furnicraft.in');
      expect(part).toContain('only mail we send about it');
    }
    expect(m.html).toContain(
      'href="https://furnicraft.in/product/aarav-3-seater-fabric-sofa?variant=AARAV-MU-LR"',
    );
    expect(m.html).toContain(
      'src="https://furnicraft.in/images/products/aarav-3-seater-fabric-sofa--aarav-mu-lr.webp"',
    );
    expect(m.text).toContain(
      'View it in the store: https://furnicraft.in/product/aarav-3-seater-fabric-sofa?variant=AARAV-MU-LR',
    );
    expect(m.html.startsWith('<!doctype html>')).toBe(true);
  });

  it('escapes the names staff typed in the HTML and leaves the text part literal', () => {
    const m = renderBackInStockMail(PAYLOAD, CTX);
    expect(m.html).not.toMatch(/<b>3-Seater|<i>cotton/);
    expect(m.html).toContain('Aarav &lt;b&gt;3-Seater&lt;/b&gt; Sofa &amp; &quot;Co&quot;');
    expect(m.html).toContain('Mustard &lt;i&gt;cotton&lt;/i&gt; / L-shape (right) &amp; O&#39;Neil');
    expect(m.html).toContain('<title>Back in stock: Aarav &lt;b&gt;3-Seater');
    expect(m.text).toContain(`Aarav <b>3-Seater</b> Sofa & "Co" (Mustard <i>cotton</i> / L-shape (right)`);
    expect(m.text).not.toMatch(/&lt;|&amp;|<td|<p /);
  });

  it('a default-only product: the name alone; no picture: no <img>', () => {
    const m = renderBackInStockMail(
      { ...PAYLOAD, product_name: 'Kaia Cane Lounge Chair', variant_title: null, image: null, price: 10999 },
      CTX,
    );
    expect(m.subject).toBe('Back in stock: Kaia Cane Lounge Chair');
    const titledDefault = renderBackInStockMail({ ...PAYLOAD, variant_title: 'Default' }, CTX);
    expect(titledDefault.subject).toBe('Back in stock: Aarav <b>3-Seater</b> Sofa & "Co"');
    expect(titledDefault.text).not.toContain('Default');
    expect(m.html).not.toContain('<img');
    expect(m.text).toContain('Price: ₹10,999.00');
  });

  it('reads the payload as the outbox writes it and refuses anything else (or a link off the store)', () => {
    const ok = { ...PAYLOAD, price: '135999.00' };
    expect(readBackInStockPayload(ok)).toEqual({ ...PAYLOAD, price: 135999 });
    expect(readBackInStockPayload({ ...PAYLOAD, variant_title: undefined, image: undefined })).toMatchObject({
      variant_title: null,
      image: null,
    });
    expect(() => readBackInStockPayload(null)).toThrow("the payload's shape is not what the outbox writes");
    expect(() => readBackInStockPayload({ ...PAYLOAD, product_name: '' })).toThrow('product_name');
    expect(() => readBackInStockPayload({ ...PAYLOAD, sku: 7 })).toThrow('sku');
    expect(() => readBackInStockPayload({ ...PAYLOAD, price: 'free' })).toThrow('price');
    expect(() => readBackInStockPayload({ ...PAYLOAD, variant_title: 3 })).toThrow('variant_title');
    for (const url_path of ['https://evil.example/x', '//evil.example/x', 'product/x', ''])
      expect(() => readBackInStockPayload({ ...PAYLOAD, url_path })).toThrow('url_path');
  });
});

type Outbox = Tables<'notification_outbox'>;

// Below Linux's ephemeral range (32768–60999): an outgoing connection of the run never holds it.
const SMTP_PORT = 25512;
const SITE = 'https://shop.furnicraft.test';
const sink = smtpSink(SMTP_PORT);
const SOLD_OUT_SKU = 'AARAV-MU-LR'; // the seed's sold-out variant (not made to order)

const functionEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(SMTP_PORT),
  SMTP_SECURE: 'false',
  SMTP_USER: sink.user,
  SMTP_PASS: sink.pass,
  MAIL_FROM: 'FurniCraft <orders@furnicraft.test>',
  STORE_SITE_URL: SITE,
  STORE_SUPPORT_EMAIL: 'care@furnicraft.test',
});

async function dispatch(s: TestServer) {
  const r = await fetch(`${s.url}/functions/v1/notify-dispatch`, {
    method: 'POST',
    headers: {
      apikey: s.secretKey,
      Authorization: `Bearer ${s.secretKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  return { status: r.status, body: (await r.json()) as { sent?: number; failed?: number; error?: string } };
}

forEachServer(
  'back in stock: request → stock arrives → one mail over SMTP',
  {
    migrationsDir: STORE_PATHS.migrationsDir,
    seedPaths: STORE_PATHS.seedPaths,
    config: loadConfig(),
    surfaces: {
      functions: functionsSurface({ env: functionEnv(), envFile: '/nonexistent/notify.env', watch: false }),
    },
  },
  ({ server }) => {
    let s: TestServer;
    let asha: SupabaseClient<Database>;
    let staff: SupabaseClient<Database>;

    beforeAll(async () => {
      s = server();
      await addPeople(s.db, [PEOPLE.customerA, PEOPLE.admin]);
      asha = storeClient(s, PEOPLE.customerA);
      staff = storeClient(s, PEOPLE.admin);
      sink.received.length = 0; // the other database kind's mails
      await sink.start();
    });
    afterAll(async () => {
      await sink.stop();
    });

    const outbox = async () =>
      (
        await s.db.query<Outbox>(
          `select * from public.notification_outbox where event = 'back_in_stock' order by id`,
        )
      ).rows;

    it('the shopper who asked gets exactly one mail naming the variant, with its price and link', async () => {
      const { data: variant, error: readError } = await asha
        .from('product_variants')
        .select('id, title, price, available_quantity, product:products(name, slug)')
        .eq('sku', SOLD_OUT_SKU)
        .single();
      expect(readError).toBeNull();
      expect(variant).toMatchObject({ title: 'Mustard cotton / L-shape (right)', available_quantity: 0 });

      const asked = await asha.rpc('request_back_in_stock', { variant_id: variant!.id });
      expect(asked.error).toBeNull();
      // asking again while waiting changes nothing
      expect((await asha.rpc('request_back_in_stock', { variant_id: variant!.id })).error).toBeNull();
      expect(await outbox()).toEqual([]);

      const received = await staff.rpc('admin_adjust_stock', {
        changes: [{ variant_id: variant!.id, quantity_change: 3 }],
        reason: 'receipt',
      });
      expect(received.error).toBeNull();

      const rows = await outbox();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ order_id: null, recipient: PEOPLE.customerA.email, status: 'pending' });
      expect(rows[0]!.dedupe_key).toMatch(/^back_in_stock\/\d+$/);

      expect((await dispatch(s)).body).toEqual({ sent: 1, failed: 0 });
      const mails = sink.received.filter((m) => m.subject.startsWith('Back in stock:'));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.envelopeTo).toEqual([PEOPLE.customerA.email]);
      expect(mail.subject).toBe(
        `Back in stock: ${variant!.product!.name} (Mustard cotton / L-shape (right))`,
      );
      const price = new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: 2,
      }).format(Number(variant!.price));
      const link = `${SITE}/product/${variant!.product!.slug}?variant=${SOLD_OUT_SKU}`;
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain(price);
        expect(part).toContain(link);
      }
      expect(mail.messageId).toBe(`<back_in_stock.${rows[0]!.dedupe_key.split('/')[1]}@furnicraft.test>`);
      expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null });

      const { data: requests } = await asha.from('back_in_stock_requests').select('notified_at');
      expect(requests).toHaveLength(1);
      expect(requests![0]!.notified_at).not.toBeNull();

      // more stock later: the request was answered, nothing more is queued or sent
      await staff.rpc('admin_adjust_stock', {
        changes: [{ variant_id: variant!.id, quantity_change: 2 }],
        reason: 'receipt',
      });
      expect(await outbox()).toHaveLength(1);
      expect((await dispatch(s)).body).toEqual({ sent: 0, failed: 0 });
      expect(sink.received.filter((m) => m.subject.startsWith('Back in stock:'))).toHaveLength(1);
    });
  },
);
