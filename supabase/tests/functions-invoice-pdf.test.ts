/**
 * invoice-pdf end to end over HTTP, on PGlite (and PostgreSQL when DATABASE_URL is set): the function
 * runs under real Deno with the project's config.toml; the order is placed by a customer and
 * dispatched by staff through the store's RPCs, which issue the invoice. The customer gets a signed
 * URL that downloads a PDF whose own text carries the invoice's number; the PDF is drawn and stored
 * once (a second call signs the same object, two first calls at once store one); the link lives 60 s;
 * another customer gets 404, a visitor 401, staff the link; a credit note downloads the same way.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import { forEachServer, type TestServer } from 'supabase-local/testing';
import type { Json } from '../../shared/src/types/database.ts';
import { amountInWords, rupeesText } from '../functions/_shared/invoice/words.ts';
import { postFunction } from './support/functions.ts';
import {
  accessToken,
  addPeople,
  PEOPLE,
  type Person,
  shippingAddress,
  storeClient,
  STORE_PATHS,
} from './support/store.ts';

let serial = 0;

interface Issued {
  id: number;
  order_id: string;
  number: string;
  pdf_path: string | null;
  total: number;
}

forEachServer(
  'invoice-pdf function',
  { migrationsDir: STORE_PATHS.migrationsDir, seedPaths: STORE_PATHS.seedPaths, config: loadConfig() },
  ({ server }) => {
    let s: TestServer;
    beforeAll(async () => {
      s = server();
      await addPeople(s.db);
      await s.db.query('update public.store_settings set cod_max_order_total = 10000000');
    });

    const call = (body: unknown, token?: string) => postFunction(s, 'invoice-pdf', body, token);
    const tokenOf = (p: (typeof PEOPLE)[keyof typeof PEOPLE]) => accessToken(s, p);

    /**
     * A COD order of two pieces of a new product (Asha's, to Bengaluru, unless told), dispatched by
     * staff (which issues the invoice).
     */
    async function shippedOrder(
      who: Person = PEOPLE.customerA,
      extra: { shipping_address?: Json; buyer_gstin?: string; buyer_legal_name?: string } = {},
    ): Promise<{ orderId: string; orderNumber: string; invoice: Issued }> {
      const { rows } = await s.db.query<{ id: number }>(
        `insert into public.products (name, price, original_price, category_id, stock_quantity, image_url)
         values ($1, 24999, 24999, 1, 100, '/images/products/invoice-chair.webp') returning id`,
        [`Invoice Test Armchair ${++serial}`],
      );
      const placed = await storeClient(s, who).rpc('place_order', {
        items: [{ product_id: Number(rows[0]!.id), quantity: 2 }],
        shipping_address: shippingAddress(),
        payment_method: 'cod',
        idempotency_key: `invoice-pdf-${serial}-${Date.now()}`,
        ...extra,
      });
      if (placed.error) throw new Error(placed.error.message);
      const shipped = await storeClient(s, PEOPLE.admin).rpc('admin_set_order_status', {
        order_id: placed.data.id,
        status: 'shipped',
      });
      if (shipped.error) throw new Error(shipped.error.message);
      return {
        orderId: placed.data.id,
        orderNumber: placed.data.order_number,
        invoice: await invoiceOf(placed.data.id),
      };
    }

    async function invoiceOf(orderId: string): Promise<Issued> {
      const { rows } = await s.db.query<Issued>(
        'select id::int as id, order_id, number, pdf_path, total::float8 as total from public.invoices where order_id = $1',
        [orderId],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!;
    }

    /** The stored objects of the invoices bucket under an order's folder. */
    async function objectsOf(orderId: string) {
      return (
        await s.db.query<{ id: string; name: string; created_at: Date; updated_at: Date }>(
          `select id::text, name, created_at, updated_at from storage.objects
           where bucket_id = 'invoices' and name like $1 order by name`,
          [`${orderId}/%`],
        )
      ).rows;
    }

    /** The function's answer, then the PDF its URL downloads (as a browser would) and that PDF's text. */
    async function download(body: unknown, token: string) {
      const r = await call(body, token);
      const json = (await r.json()) as { url: string; filename: string; error?: string };
      expect(r.status, json.error).toBe(200);
      const file = await fetch(json.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toContain(`filename=${json.filename}`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      return { ...json, text: text.replace(/\s+/g, ' ') };
    }

    /** The signed URL's token claims (supabase-local signs them as Storage does: a JWT). */
    function claimsOf(url: string): { exp: number; iat: number; url: string } {
      const token = new URL(url).searchParams.get('token')!;
      return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    }

    describe('an invoice', () => {
      let order: Awaited<ReturnType<typeof shippedOrder>>;
      let first: Awaited<ReturnType<typeof download>>;
      beforeAll(async () => {
        order = await shippedOrder();
        first = await download({ invoice_id: order.invoice.id }, tokenOf(PEOPLE.customerA));
      });

      it('downloads for its customer: a PDF whose text carries the invoice number, stored once', async () => {
        const { number } = order.invoice;
        expect(number).toMatch(/^FC\/\d{4}\/\d{6}$/);
        expect(first.filename).toBe(`${number.replaceAll('/', '-')}.pdf`);
        expect(first.text).toContain('Tax Invoice');
        expect(first.text).toContain(`Invoice No.: ${number}`);
        expect(first.text).toContain(`Order No.: ${order.orderNumber}`);
        // the seed's store, Asha's address (Karnataka: CGST + SGST), the product's HSN and 18%
        for (const field of [
          'Original for Recipient',
          'FurniCraft Home Private Limited',
          '12 MG Road, Bengaluru, Karnataka 560001',
          'GSTIN: 29AAECF1234K1ZM',
          'Place of Supply: Karnataka (State Code: 29)',
          'Whether tax is payable on reverse charge: No',
          'GSTIN: Unregistered (consumer)',
          'Asha Rao',
          '14, 3rd Cross, Indiranagar',
          'State: Karnataka, State Code: 29',
          '9403',
          '2 NOS',
          'CGST rate',
          'SGST rate',
          '9%',
          `Invoice total ${rupeesText(order.invoice.total)}`,
          `Amount in words: ${amountInWords(order.invoice.total)}`,
          'For FurniCraft Home Private Limited',
          'Authorised Signatory: Ananya Rao, Director',
          'This is a computer-generated invoice.',
        ])
          expect(first.text).toContain(field);
        expect(first.text).not.toContain('IGST');
        const path = `${order.orderId}/${first.filename}`;
        expect((await invoiceOf(order.orderId)).pdf_path).toBe(path);
        expect((await objectsOf(order.orderId)).map((o) => o.name)).toEqual([path]);
        expect(new URL(first.url).pathname).toBe(`/storage/v1/object/sign/invoices/${path}`);
      });

      it('a second download signs the same stored object: nothing drawn or uploaded again', async () => {
        const before = await objectsOf(order.orderId);
        const again = await download({ invoice_id: order.invoice.id }, tokenOf(PEOPLE.customerA));
        expect(new URL(again.url).pathname).toBe(new URL(first.url).pathname);
        expect(again.text).toBe(first.text);
        expect(await objectsOf(order.orderId)).toEqual(before);
      });

      it('links live 60 seconds, for that object only', () => {
        const claims = claimsOf(first.url);
        expect(claims.exp - claims.iat).toBeGreaterThan(0);
        expect(claims.exp - claims.iat).toBeLessThanOrEqual(60);
        expect(claims.exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
        expect(claims.url).toBe(`invoices/${order.orderId}/${first.filename}`);
      });

      it('staff get the link too', async () => {
        const staff = await download({ invoice_id: order.invoice.id }, tokenOf(PEOPLE.admin));
        expect(staff.text).toContain(`Invoice No.: ${order.invoice.number}`);
      });

      it('another customer gets 404, a visitor 401, a malformed request 400', async () => {
        const other = await call({ invoice_id: order.invoice.id }, tokenOf(PEOPLE.customerB));
        expect(other.status).toBe(404);
        expect(await other.json()).toEqual({ error: 'Invoice not found.' });
        const missing = await call({ invoice_id: 987654321 }, tokenOf(PEOPLE.customerA));
        expect(missing.status).toBe(404);

        // a visitor: the apps' anon key alone, or as the bearer (no user's session)
        for (const token of [undefined, s.anonKey, s.publishableKey]) {
          const anon = await call({ invoice_id: order.invoice.id }, token);
          expect(anon.status).toBe(401);
          expect(await anon.json()).toEqual({ error: expect.any(String) });
        }

        for (const body of [
          {},
          { invoice_id: 'one' },
          { invoice_id: -1 },
          { invoice_id: 1, credit_note_id: 1 },
          '[1]',
          'not json',
        ]) {
          const bad = await call(body, tokenOf(PEOPLE.customerA));
          expect(bad.status, JSON.stringify(body)).toBe(400);
          expect(await bad.json()).toEqual({
            error: 'Send {"invoice_id": <id>} or {"credit_note_id": <id>}.',
          });
        }
      });

      it('answers the browser’s preflight and refuses other methods', async () => {
        const pre = await fetch(`${s.url}/functions/v1/invoice-pdf`, {
          method: 'OPTIONS',
          headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST' },
        });
        expect(pre.status).toBe(200);
        expect(pre.headers.get('access-control-allow-origin')).toBe('*');
        expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
        const get = await fetch(`${s.url}/functions/v1/invoice-pdf`, {
          headers: { apikey: s.anonKey, Authorization: `Bearer ${tokenOf(PEOPLE.customerA)}` },
        });
        expect(get.status).toBe(405);
      });
    });

    it('a business buyer in another state: their name and GSTIN, IGST (from the order as placed)', async () => {
      const order = await shippedOrder(PEOPLE.customerB, {
        shipping_address: shippingAddress({
          fullName: 'Bilal Khan',
          address: '5 Marine Drive',
          pincode: '400001',
          city: 'Mumbai',
          state: 'Maharashtra',
        }),
        buyer_gstin: '27AAPFU0939F1ZV',
        buyer_legal_name: 'Khan Interiors LLP',
      });
      const got = await download({ invoice_id: order.invoice.id }, tokenOf(PEOPLE.customerB));
      for (const field of [
        'Khan Interiors LLP',
        'GSTIN: 27AAPFU0939F1ZV',
        'Contact: Bilal Khan',
        '5 Marine Drive',
        'Mumbai - 400001',
        'State: Maharashtra, State Code: 27',
        'Place of Supply: Maharashtra (State Code: 27)',
        'IGST rate',
        '18%',
        `Invoice total ${rupeesText(order.invoice.total)}`,
      ])
        expect(got.text).toContain(field);
      for (const other of ['CGST rate', 'SGST rate', 'Unregistered']) expect(got.text).not.toContain(other);
    });

    it('two first downloads at once both get the link, and one object is stored', async () => {
      const order = await shippedOrder();
      const token = tokenOf(PEOPLE.customerA);
      const answers = await Promise.all([
        call({ invoice_id: order.invoice.id }, token),
        call({ invoice_id: String(order.invoice.id) }, token),
      ]);
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as { url: string; error?: string }[];
      expect(
        answers.map((r) => r.status),
        JSON.stringify(bodies),
      ).toEqual([200, 200]);
      const paths = bodies.map((b) => new URL(b.url).pathname);
      expect(paths[0]).toBe(paths[1]);
      expect(await objectsOf(order.orderId)).toHaveLength(1);
      for (const b of bodies) expect((await fetch(b.url)).status).toBe(200);
    });

    it('a credit note downloads for its customer and staff, citing its invoice', async () => {
      const order = await shippedOrder();
      const staff = storeClient(s, PEOPLE.admin);
      const { rows } = await s.db.query<{ id: number }>(
        'select id::int as id from public.order_items where order_id = $1',
        [order.orderId],
      );
      const issued = await staff.rpc('admin_issue_credit_note', {
        order_id: order.orderId,
        items: [{ order_item_id: rows[0]!.id, quantity: 1 }],
        reason: 'One armchair returned: scratched armrest',
      });
      expect(issued.error).toBeNull();
      const note = issued.data!;
      const got = await download({ credit_note_id: note.id }, tokenOf(PEOPLE.customerA));
      expect(got.filename).toBe(`${note.number.replaceAll('/', '-')}.pdf`);
      expect(got.text).toContain('Credit Note');
      expect(got.text).toContain(`Credit Note No.: ${note.number}`);
      expect(got.text).toContain(`Against Tax Invoice No. ${order.invoice.number} dated`);
      expect(got.text).toContain('Reason for credit note: One armchair returned: scratched armrest');
      expect((await objectsOf(order.orderId)).map((o) => o.name)).toEqual([
        `${order.orderId}/${got.filename}`,
      ]);

      expect((await download({ credit_note_id: note.id }, tokenOf(PEOPLE.admin))).text).toBe(got.text);
      const other = await call({ credit_note_id: note.id }, tokenOf(PEOPLE.customerB));
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ error: 'Credit note not found.' });
    });
  },
);
