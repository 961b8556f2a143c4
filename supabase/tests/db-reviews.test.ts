/**
 * Reviews (issue 20) through supabase-js over HTTP against the real migrations and seed, on PGlite and
 * PostgreSQL, with the Storage surface for the review photos. Who may review (the buyer of a delivered
 * line only), one review per line (a second submit edits it and sends it back to pending), the
 * rating/title/body limits, photos only from the caller's folder of review-photos, the contact-details
 * flags that keep a review pending, a reason to reject, fresh admins only moderating, and the product's
 * statistics (product_review_stats and products.rating / review_count) equal to a brute-force recount
 * after single, bulk (one PATCH of many rows) and 10 concurrent moderations; what anon and customers
 * read (product_reviews never names a user, an order line or an e-mail) and when photos are public.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from 'supabase-local';
import { forEachServer, storageSurface, type TestServer } from 'supabase-local/testing';
import {
  addPeople,
  expectLedgerBalanced,
  liftRateLimits,
  PEOPLE,
  STORE_PATHS,
  type Person,
} from './support/store.ts';
import { ADDRESS, gstClient, hsnProduct } from './support/gst.ts';
import { uniq } from './support/variants.ts';

const root = mkdtempSync(join(tmpdir(), 'fc-reviews-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A 1x1 WebP.
const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

interface RpcError {
  message: string;
  details: string;
  code: string;
}
interface Rpc<T> {
  data: T | null;
  error: RpcError | null;
}

interface ReviewRow {
  id: number;
  product_id: number;
  variant_id: number | null;
  order_item_id: number;
  user_id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  status: 'pending' | 'approved' | 'rejected';
  flags: string[];
  rejection_reason: string | null;
  moderated_by: string | null;
  moderated_at: string | null;
}

interface Stats {
  product_id: number;
  review_count: number;
  rating_sum: number;
  stars: number[];
  rating: string | null;
  product_review_count: number;
}

async function rpc<T>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<Rpc<T>> {
  const { data, error } = await client.rpc(fn, args);
  return {
    data: error ? null : data,
    error: error ? { message: error.message, details: error.details, code: error.code } : null,
  };
}

/**
 * Products whose stored statistics differ from a brute-force recount of their approved reviews:
 * product_review_stats (count, star sum, the 5 bars; no row = zeros) and products.rating
 * (round(avg, 1), null with none) and products.review_count.
 */
async function statsMismatches(db: Queryable): Promise<unknown[]> {
  const { rows } = await db.query(
    `with recount as (
       select r.product_id, count(*)::int as n, sum(r.rating)::int as total,
         count(*) filter (where r.rating = 1)::int as s1, count(*) filter (where r.rating = 2)::int as s2,
         count(*) filter (where r.rating = 3)::int as s3, count(*) filter (where r.rating = 4)::int as s4,
         count(*) filter (where r.rating = 5)::int as s5, round(avg(r.rating), 1) as avg
       from public.reviews as r where r.status = 'approved' group by r.product_id
     )
     select p.id::int, p.rating::text, p.review_count, to_jsonb(s) as stats, to_jsonb(c) as recount
     from public.products as p
     left join public.product_review_stats as s on s.product_id = p.id
     left join recount as c on c.product_id = p.id
     where p.rating is distinct from c.avg
       or p.review_count <> coalesce(c.n, 0)
       or coalesce(s.review_count, 0) <> coalesce(c.n, 0)
       or coalesce(s.rating_sum, 0) <> coalesce(c.total, 0)
       or coalesce(s.stars_1, 0) <> coalesce(c.s1, 0)
       or coalesce(s.stars_2, 0) <> coalesce(c.s2, 0)
       or coalesce(s.stars_3, 0) <> coalesce(c.s3, 0)
       or coalesce(s.stars_4, 0) <> coalesce(c.s4, 0)
       or coalesce(s.stars_5, 0) <> coalesce(c.s5, 0)`,
  );
  return rows;
}

/** What the database says of one product (stats row and product columns). */
async function statsOf(db: Queryable, productId: number): Promise<Stats> {
  const { rows } = await db.query<Record<string, string | number | null>>(
    `select p.id::int as product_id, coalesce(s.review_count, 0)::int as review_count,
       coalesce(s.rating_sum, 0)::int as rating_sum,
       coalesce(s.stars_1, 0)::int as s1, coalesce(s.stars_2, 0)::int as s2, coalesce(s.stars_3, 0)::int as s3,
       coalesce(s.stars_4, 0)::int as s4, coalesce(s.stars_5, 0)::int as s5,
       p.rating::text as rating, p.review_count::int as product_review_count
     from public.products as p left join public.product_review_stats as s on s.product_id = p.id
     where p.id = $1`,
    [productId],
  );
  const r = rows[0]!;
  return {
    product_id: Number(r.product_id),
    review_count: Number(r.review_count),
    rating_sum: Number(r.rating_sum),
    stars: [r.s1, r.s2, r.s3, r.s4, r.s5].map(Number),
    rating: (r.rating as string | null) ?? null,
    product_review_count: Number(r.product_review_count),
  };
}

/** The statistics a list of approved ratings should give (rating to one decimal, as text). */
function expectedStats(ratings: number[]): Omit<Stats, 'product_id'> {
  const n = ratings.length;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return {
    review_count: n,
    rating_sum: sum,
    stars: [1, 2, 3, 4, 5].map((k) => ratings.filter((r) => r === k).length),
    // round half up on exact tenths: (sum * 10 / n) in integers
    rating: n === 0 ? null : (Math.floor((sum * 20 + n) / (2 * n)) / 10).toFixed(1),
    product_review_count: n,
  };
}

let serverNo = 0;
forEachServer(
  'reviews',
  {
    migrationsDir: STORE_PATHS.migrationsDir,
    seedPaths: STORE_PATHS.seedPaths,
    surfaces: { storage: (ctx) => storageSurface({ root: join(root, String(++serverNo)) })(ctx) },
  },
  ({ kind, server }) => {
    let s: TestServer;
    let asha: SupabaseClient;
    let bilal: SupabaseClient;
    let staff: SupabaseClient;
    let stale: SupabaseClient;
    let anon: SupabaseClient;

    beforeAll(async () => {
      s = server();
      await addPeople(s.db);
      await liftRateLimits(s.db);
      await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
      asha = gstClient(s, PEOPLE.customerA);
      bilal = gstClient(s, PEOPLE.customerB);
      staff = gstClient(s, PEOPLE.admin);
      stale = gstClient(s, PEOPLE.staleAdmin);
      anon = gstClient(s);
    });

    afterAll(async () => {
      expect(await statsMismatches(s.db)).toEqual([]);
      await expectLedgerBalanced(s.db, `reviews [${kind}]`);
    });

    const setStatus = (orderId: string, status: string) =>
      rpc<{ status: string }>(staff, 'admin_set_order_status', { order_id: orderId, status });

    /** A product of the test's own. */
    const product = async (price = 3000): Promise<number> => (await hsnProduct(s.db, price, '9403', 500)).id;

    /**
     * A cash-on-delivery order of one of each product, shipped and delivered by staff (unless
     * `deliver` is false); the order line id per product, in the products' order.
     */
    async function bought(
      client: SupabaseClient,
      productIds: number[],
      { deliver = true }: { deliver?: boolean } = {},
    ): Promise<number[]> {
      const placed = await rpc<{ id: string }>(client, 'place_order', {
        items: productIds.map((id) => ({ product_id: id, quantity: 1 })),
        shipping_address: ADDRESS.KA,
        payment_method: 'cod',
        idempotency_key: uniq('rev-'),
      });
      expect(placed.error).toBeNull();
      const orderId = placed.data!.id;
      if (deliver) {
        expect((await setStatus(orderId, 'shipped')).error).toBeNull();
        expect((await setStatus(orderId, 'delivered')).error).toBeNull();
      }
      const { rows } = await s.db.query<{ id: string; product_id: string }>(
        'select id::text, product_id::text from public.order_items where order_id = $1',
        [orderId],
      );
      return productIds.map((p) => Number(rows.find((r) => Number(r.product_id) === p)!.id));
    }

    const submit = (
      client: SupabaseClient,
      orderItemId: number,
      rating: number,
      extra: { title?: string; body?: string; photos?: string[] } = {},
    ) =>
      rpc<ReviewRow>(client, 'submit_review', {
        order_item_id: orderItemId,
        rating,
        title: extra.title ?? `${rating} stars from me`,
        body: extra.body ?? 'Sturdy, well finished and delivered on time.',
        ...(extra.photos ? { photos: extra.photos } : {}),
      });

    async function reviewed(client: SupabaseClient, orderItemId: number, rating: number, extra = {}) {
      const r = await submit(client, orderItemId, rating, extra);
      expect(r.error).toBeNull();
      return r.data!;
    }

    /** Staff's PATCH of many reviews at once (one statement); the rows it changed. */
    async function patch(ids: number[], values: Record<string, unknown>, client = staff) {
      const { data, error } = await client
        .from('reviews')
        .update(values)
        .in('id', ids)
        .select('id, status, rejection_reason');
      return {
        data: (data ?? []) as { id: number; status: string; rejection_reason: string | null }[],
        error,
      };
    }

    const approve = (ids: number[], client = staff) => patch(ids, { status: 'approved' }, client);

    async function statusOf(id: number): Promise<string> {
      const { rows } = await s.db.query<{ status: string }>(
        'select status::text from public.reviews where id = $1',
        [id],
      );
      return rows[0]!.status;
    }

    /** A picture uploaded into `folder` of review-photos (the person's own folder by default). */
    async function photo(client: SupabaseClient, person: Person, folder = person.id): Promise<string> {
      const path = `${folder}/${uniq('sofa-')}.webp`;
      const up = await client.storage.from('review-photos').upload(path, WEBP, { contentType: 'image/webp' });
      expect(up.error).toBeNull();
      return path;
    }

    describe('who may review', () => {
      it('lets the buyer of a delivered line review it, as "Asha R.", pending, a verified purchase of that line', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        const r = await reviewed(asha, line!, 4);
        expect(r).toMatchObject({
          product_id: p,
          order_item_id: line,
          user_id: PEOPLE.customerA.id,
          author_name: 'Asha R.',
          rating: 4,
          status: 'pending',
          flags: [],
          photos: [],
        });
        // Pending: the product has no rating yet.
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([]));
      });

      it('refuses another customer, an undelivered order, a made-up line and anon, with the RPC messages', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        expect((await submit(bilal, line!, 5)).error).toMatchObject({
          message: 'You can review products from your own orders only.',
          details: 'review_not_allowed',
        });
        expect((await submit(asha, 987654321, 5)).error).toMatchObject({ details: 'review_not_allowed' });
        const [pendingLine] = await bought(asha, [p], { deliver: false });
        expect((await submit(asha, pendingLine!, 5)).error).toMatchObject({
          message: 'You can review this product once it has been delivered.',
          details: 'order_not_delivered',
        });
        // Shipped is not delivered either.
        const placed = await s.db.query<{ order_id: string }>(
          'select order_id from public.order_items where id = $1',
          [pendingLine],
        );
        expect((await setStatus(placed.rows[0]!.order_id, 'shipped')).error).toBeNull();
        expect((await submit(asha, pendingLine!, 5)).error).toMatchObject({ details: 'order_not_delivered' });
        // Visitors cannot call it at all.
        const visitor = await submit(anon, line!, 5);
        expect(visitor.error).not.toBeNull();
        expect(visitor.error!.code).toBe('42501');
        // No one writes the table directly.
        const direct = await asha.from('reviews').insert({
          product_id: p,
          order_item_id: line,
          user_id: PEOPLE.customerA.id,
          author_name: 'Asha R.',
          rating: 5,
          title: 'Direct write',
          body: 'Written around submit_review.',
          status: 'approved',
        });
        expect(direct.error).not.toBeNull();
        const { rows } = await s.db.query('select 1 from public.reviews where order_item_id = any ($1)', [
          [line, pendingLine],
        ]);
        expect(rows).toEqual([]);
      });

      it('keeps one review per line: a second submit edits it and sends it back to pending', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        const first = await reviewed(asha, line!, 5, { title: 'Lovely sofa' });
        expect((await approve([first.id])).error).toBeNull();
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([5]));
        const again = await reviewed(asha, line!, 2, {
          title: 'Sagging after a month',
          body: 'The cushions sag already.',
        });
        expect(again.id).toBe(first.id);
        expect(again).toMatchObject({
          rating: 2,
          title: 'Sagging after a month',
          status: 'pending',
          rejection_reason: null,
        });
        const { rows } = await s.db.query<{ moderated_by: string | null; moderated_at: string | null }>(
          'select moderated_by, moderated_at from public.reviews where order_item_id = $1',
          [line],
        );
        // One row; the author's edit is not a moderation (no moderator named, not the author either).
        expect(rows).toEqual([{ moderated_by: null, moderated_at: null }]);
        // The edit is no longer published: the product has no approved review left.
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([]));
        // A rejected review edited goes back to pending, without the old reason.
        expect(
          (await patch([first.id], { status: 'rejected', rejection_reason: 'Off-topic' })).error,
        ).toBeNull();
        const edited = await reviewed(asha, line!, 3);
        expect(edited).toMatchObject({ id: first.id, status: 'pending', rejection_reason: null });
        // Two lines of the same product (two orders) are two reviews.
        const [second] = await bought(asha, [p]);
        expect((await reviewed(asha, second!, 4)).id).not.toBe(first.id);
      });

      it('takes 1 to 5 whole stars, a 3–120 character title and a 10–3,000 character body', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        for (const bad of [0, 6, -1])
          expect((await submit(asha, line!, bad)).error).toMatchObject({
            message: 'Choose a rating from 1 to 5 stars.',
            details: 'invalid_rating',
          });
        expect((await submit(asha, line!, 4.5)).error).not.toBeNull();
        const title = (t: string) => submit(asha, line!, 4, { title: t });
        for (const bad of ['ab', '   ab   ', 'x'.repeat(121)])
          expect((await title(bad)).error).toMatchObject({
            message: 'Give your review a title of 3 to 120 characters.',
            details: 'invalid_review_title',
          });
        const body = (b: string) => submit(asha, line!, 4, { body: b });
        for (const bad of ['too short', '   123456789   ', 'x'.repeat(3001)])
          expect((await body(bad)).error).toMatchObject({
            message: 'Write 10 to 3,000 characters about the product.',
            details: 'invalid_review_body',
          });
        const { rows } = await s.db.query('select 1 from public.reviews where order_item_id = $1', [line]);
        expect(rows).toEqual([]);
        // The limits themselves are fine, trimmed.
        const ok = await reviewed(asha, line!, 1, { title: '  abc  ', body: 'y'.repeat(3000) });
        expect(ok.title).toBe('abc');
        expect((await reviewed(asha, line!, 5, { title: 'z'.repeat(120), body: '1234567890' })).rating).toBe(
          5,
        );
      });
    });

    describe('photos', () => {
      it('takes only pictures uploaded to review-photos under the caller’s own id, at most 5, no duplicates', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        const mine = await photo(asha, PEOPLE.customerA);
        const bilals = await photo(bilal, PEOPLE.customerB);
        const notFound = {
          message: 'A photo could not be found; please upload it again.',
          details: 'invalid_photo_path',
        };
        expect((await submit(asha, line!, 4, { photos: [bilals] })).error).toMatchObject(notFound);
        expect(
          (await submit(asha, line!, 4, { photos: [`${PEOPLE.customerA.id}/never-uploaded.webp`] })).error,
        ).toMatchObject(notFound);
        expect(
          (await submit(asha, line!, 4, { photos: [`${PEOPLE.customerA.id}/../x.webp`] })).error,
        ).toMatchObject(notFound);
        expect((await submit(asha, line!, 4, { photos: [mine, mine] })).error).toMatchObject(notFound);
        // The same name in another bucket (return-photos) is not a review photo.
        const elsewhere = `${PEOPLE.customerA.id}/${uniq('ret-')}.webp`;
        expect(
          (await asha.storage.from('return-photos').upload(elsewhere, WEBP, { contentType: 'image/webp' }))
            .error,
        ).toBeNull();
        expect((await submit(asha, line!, 4, { photos: [elsewhere] })).error).toMatchObject(notFound);
        const six = [];
        for (let i = 0; i < 6; i++) six.push(await photo(asha, PEOPLE.customerA));
        expect((await submit(asha, line!, 4, { photos: six })).error).toMatchObject({
          message: 'Add at most 5 photos.',
          details: 'invalid_photo_path',
        });
        // Uploading into someone else's folder is refused by Storage.
        const intoAsha = await bilal.storage
          .from('review-photos')
          .upload(`${PEOPLE.customerA.id}/${uniq('x')}.webp`, WEBP, { contentType: 'image/webp' });
        expect(intoAsha.error).not.toBeNull();
        const ok = await reviewed(asha, line!, 4, { photos: six.slice(0, 5) });
        expect(ok.photos).toEqual(six.slice(0, 5));
      });

      it('shows a review’s photos to visitors and other customers only once it is approved', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        const path = await photo(asha, PEOPLE.customerA);
        const r = await reviewed(asha, line!, 5, { photos: [path] });
        const bucket = (c: SupabaseClient) => c.storage.from('review-photos');
        expect((await bucket(asha).download(path)).error).toBeNull();
        expect((await bucket(staff).download(path)).error).toBeNull();
        expect((await bucket(anon).download(path)).error).not.toBeNull();
        expect((await bucket(bilal).download(path)).error).not.toBeNull();
        expect((await approve([r.id])).error).toBeNull();
        expect((await bucket(anon).download(path)).error).toBeNull();
        expect((await bucket(bilal).download(path)).error).toBeNull();
        // Rejected again: private again.
        expect(
          (await patch([r.id], { status: 'rejected', rejection_reason: 'Photo of another product' })).error,
        ).toBeNull();
        expect((await bucket(anon).download(path)).error).not.toBeNull();
        expect((await bucket(bilal).download(path)).error).not.toBeNull();
        // An unused photo of Asha's own stays hers only.
        const spare = await photo(asha, PEOPLE.customerA);
        expect((await bucket(anon).download(spare)).error).not.toBeNull();
        expect((await bucket(bilal).download(spare)).error).not.toBeNull();
      });
    });

    describe('moderation', () => {
      it('keeps a review with a phone number, an e-mail or a link pending: approval is refused', async () => {
        const p = await product();
        const lines = await bought(asha, [p, await product(), await product(), await product()]);
        const cases: [string, string[]][] = [
          ['Call me on 98450 12345 for a discount', ['phone']],
          ['Write to asha.rao@example.in for details', ['email']],
          ['Cheaper at www.example.com and https://shop.example', ['link']],
          ['Ring +91 9845012345 or see furni-deals.in', ['phone', 'link']],
        ];
        const ids: number[] = [];
        for (const [i, [body, flags]] of cases.entries()) {
          const r = await reviewed(asha, lines[i]!, 5, { body });
          expect(r.flags).toEqual(expect.arrayContaining(flags));
          ids.push(r.id);
          const refused = await approve([r.id]);
          expect(refused.error).not.toBeNull();
          expect(refused.error!.message).toMatch(/stays pending/);
          expect(await statusOf(r.id)).toBe('pending');
        }
        // In a bulk approval, one flagged review fails the whole statement: nothing is approved.
        const [clean] = await bought(asha, [p]);
        // A missed space after a full stop ("it.In") is not a link, nor is a price or a size.
        const ok = await reviewed(asha, clean!, 4, {
          body: 'Liked it.In the end worth ₹24,999 for 198 x 84 cm. No contact details here.',
        });
        expect(ok.flags).toEqual([]);
        expect((await approve([ok.id, ids[0]!])).error).not.toBeNull();
        expect(await statusOf(ok.id)).toBe('pending');
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([]));
        // Rejecting it with a reason is fine; the customer's edit without the number can be approved.
        expect(
          (await patch([ids[0]!], { status: 'rejected', rejection_reason: 'Contains a phone number' })).error,
        ).toBeNull();
        const edited = await reviewed(asha, lines[0]!, 5, { body: 'Great sofa, comfortable and firm.' });
        expect(edited).toMatchObject({ id: ids[0], status: 'pending', flags: [] });
        expect((await approve([edited.id])).error).toBeNull();
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([5]));
      });

      it('needs a reason to reject, stamps who moderated, and clears the reason when approved again', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        const r = await reviewed(asha, line!, 3);
        const noReason = await patch([r.id], { status: 'rejected' });
        expect(noReason.error).toMatchObject({ message: 'Give a reason for rejecting a review.' });
        expect((await patch([r.id], { status: 'rejected', rejection_reason: '   ' })).error).not.toBeNull();
        expect((await patch([r.id], { status: 'rejected', rejection_reason: 'no' })).error).not.toBeNull();
        expect(await statusOf(r.id)).toBe('pending');
        const rejected = await patch([r.id], {
          status: 'rejected',
          rejection_reason: '  Not about the product  ',
        });
        expect(rejected.error).toBeNull();
        expect(rejected.data).toEqual([
          { id: r.id, status: 'rejected', rejection_reason: 'Not about the product' },
        ]);
        const { rows } = await s.db.query<{ moderated_by: string; moderated_at: string | null }>(
          'select moderated_by::text, moderated_at::text from public.reviews where id = $1',
          [r.id],
        );
        expect(rows[0]).toMatchObject({ moderated_by: PEOPLE.admin.id, moderated_at: expect.any(String) });
        const approved = await approve([r.id]);
        expect(approved.data).toEqual([{ id: r.id, status: 'approved', rejection_reason: null }]);
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([3]));
      });

      it('lets only fresh admins moderate: not the author, another customer or a stale admin', async () => {
        const p = await product();
        const [line] = await bought(asha, [p]);
        const r = await reviewed(asha, line!, 1);
        for (const client of [asha, bilal, stale]) {
          const tried = await approve([r.id], client);
          // RLS: no row to update (or, for the author, none she may moderate).
          expect(tried.data).toEqual([]);
          expect(await statusOf(r.id)).toBe('pending');
        }
        expect(
          (await anon.from('reviews').update({ status: 'approved' }).eq('id', r.id)).error,
        ).not.toBeNull();
        // The author cannot change her rating, or anything else, around submit_review.
        expect((await asha.from('reviews').update({ rating: 5 }).eq('id', r.id)).error).not.toBeNull();
        expect(
          (await asha.from('reviews').update({ user_id: PEOPLE.customerB.id }).eq('id', r.id)).error,
        ).not.toBeNull();
        expect((await asha.from('reviews').delete().eq('id', r.id).select('id')).data ?? []).toEqual([]);
        expect(await statusOf(r.id)).toBe('pending');
        // Nor can a customer give a product a rating through products.
        const { error } = await asha.from('products').update({ rating: 5, review_count: 99 }).eq('id', p);
        expect(error).not.toBeNull();
        expect((await stale.from('products').update({ rating: 5 }).eq('id', p)).error).not.toBeNull();
        expect((await staff.from('products').update({ rating: 5 }).eq('id', p)).error).not.toBeNull();
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([]));
        // The author withdraws her own review; others cannot.
        expect((await rpc(bilal, 'delete_review', { review_id: r.id })).error).toMatchObject({
          message: 'Review not found.',
        });
        expect((await rpc(asha, 'delete_review', { review_id: r.id })).error).toBeNull();
        const gone = await s.db.query('select 1 from public.reviews where id = $1', [r.id]);
        expect(gone.rows).toEqual([]);
      });
    });

    describe('statistics', () => {
      it('gives a product with no approved review no rating (null) and no count, and the seed no invented stars', async () => {
        const p = await product();
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([]));
        const [a] = await bought(asha, [p]);
        const r1 = await reviewed(asha, a!, 5);
        expect(await statsOf(s.db, p)).toMatchObject({ rating: null, product_review_count: 0 });
        expect((await approve([r1.id])).error).toBeNull();
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([5]));
        expect(
          (await patch([r1.id], { status: 'rejected', rejection_reason: 'Duplicate of another' })).error,
        ).toBeNull();
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([]));
        // The seed's products have no rating but from approved reviews.
        const { rows } = await s.db.query(
          `select p.id from public.products as p
           where (p.rating is null) <> (p.review_count = 0)
              or p.review_count <> (select count(*) from public.reviews as r where r.product_id = p.id and r.status = 'approved')`,
        );
        expect(rows).toEqual([]);
        expect(await statsMismatches(s.db)).toEqual([]);
      });

      it('equals a recount after bulk moderation: one PATCH approving many rows, rejecting some, deleting some', async () => {
        const products = [await product(), await product(), await product()];
        const lines: { client: SupabaseClient; line: number; product: number }[] = [];
        for (let i = 0; i < 7; i++) {
          const client = i < 4 ? asha : bilal;
          const ls = await bought(client, products);
          ls.forEach((line, j) => lines.push({ client, line, product: products[j]! }));
        }
        const ratings = [5, 4, 3, 5, 2, 1, 4, 5, 5, 3, 4, 2, 5, 1, 3, 4, 4, 5, 2, 3, 5];
        const reviews: { id: number; product: number; rating: number }[] = [];
        for (const [i, l] of lines.entries()) {
          const r = await reviewed(l.client, l.line, ratings[i]!);
          reviews.push({ id: r.id, product: l.product, rating: ratings[i]! });
        }
        const state = new Map(reviews.map((r) => [r.id, 'pending' as string]));
        const expectAll = async () => {
          expect(await statsMismatches(s.db)).toEqual([]);
          for (const p of products)
            expect(await statsOf(s.db, p)).toMatchObject(
              expectedStats(
                reviews.filter((r) => r.product === p && state.get(r.id) === 'approved').map((r) => r.rating),
              ),
            );
        };
        // One PATCH approves all 21 across three products.
        const all = await approve(reviews.map((r) => r.id));
        expect(all.error).toBeNull();
        expect(all.data).toHaveLength(21);
        reviews.forEach((r) => state.set(r.id, 'approved'));
        await expectAll();
        // A reply to many (no status change) leaves the numbers as they are.
        expect(
          (
            await patch(
              reviews.slice(0, 10).map((r) => r.id),
              { store_reply: 'Thank you!' },
            )
          ).error,
        ).toBeNull();
        await expectAll();
        // One PATCH rejects every third, with a reason.
        const rejected = reviews.filter((_, i) => i % 3 === 0).map((r) => r.id);
        const rej = await patch(rejected, { status: 'rejected', rejection_reason: 'Not about the product' });
        expect(rej.error).toBeNull();
        expect(rej.data).toHaveLength(rejected.length);
        rejected.forEach((id) => state.set(id, 'rejected'));
        await expectAll();
        // Approved again, some of them, together with ones already approved.
        const again = [...rejected.slice(0, 3), reviews[1]!.id, reviews[2]!.id];
        expect((await approve(again)).error).toBeNull();
        again.forEach((id) => state.set(id, 'approved'));
        await expectAll();
        // Staff delete some (approved and rejected) in one request.
        const deleted = [reviews[1]!.id, reviews[4]!.id, rejected[4]!, reviews[20]!.id];
        const del = await staff.from('reviews').delete().in('id', deleted).select('id');
        expect(del.error).toBeNull();
        expect(del.data).toHaveLength(4);
        deleted.forEach((id) => state.delete(id));
        await expectAll();
        // The author withdraws one that is approved.
        const ashas = reviews.find((r) => state.get(r.id) === 'approved' && reviews.indexOf(r) < 12)!;
        expect((await rpc(asha, 'delete_review', { review_id: ashas.id })).error).toBeNull();
        state.delete(ashas.id);
        await expectAll();
        // Everything back to pending for one product: it has no rating again.
        const first = reviews.filter((r) => r.product === products[0] && state.has(r.id)).map((r) => r.id);
        expect((await patch(first, { status: 'pending' })).error).toBeNull();
        first.forEach((id) => state.set(id, 'pending'));
        await expectAll();
        expect(await statsOf(s.db, products[0]!)).toMatchObject({
          rating: null,
          review_count: 0,
          product_review_count: 0,
        });
      });

      it('counts 10 concurrent approvals of one product’s reviews exactly (and 10 concurrent rejections and deletions)', async () => {
        const p = await product();
        const ratings = [5, 4, 3, 5, 2, 1, 4, 5, 3, 4];
        const ids: number[] = [];
        for (const [i, rating] of ratings.entries()) {
          const client = i % 2 === 0 ? asha : bilal;
          const [line] = await bought(client, [p]);
          ids.push((await reviewed(client, line!, rating)).id);
        }
        const results = await Promise.all(ids.map((id) => approve([id])));
        for (const r of results) {
          expect(r.error).toBeNull();
          expect(r.data).toHaveLength(1);
        }
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats(ratings));
        expect((await statsOf(s.db, p)).rating).toBe('3.6');
        expect(await statsMismatches(s.db)).toEqual([]);
        // Half rejected and half deleted, all at once.
        const mixed = await Promise.all(
          ids.map((id, i) =>
            i % 2 === 0
              ? patch([id], { status: 'rejected', rejection_reason: 'Spam wave' })
              : staff.from('reviews').delete().eq('id', id).select('id'),
          ),
        );
        for (const r of mixed) expect(r.error).toBeNull();
        expect(await statsOf(s.db, p)).toMatchObject(expectedStats([]));
        expect(await statsMismatches(s.db)).toEqual([]);
      });
    });

    describe('who reads what', () => {
      it('gives anon the approved reviews through product_reviews without user ids, order lines or e-mails', async () => {
        const p = await product();
        const [a1, a2] = [(await bought(asha, [p]))[0]!, (await bought(asha, [p]))[0]!];
        const [b1] = await bought(bilal, [p]);
        const low = await reviewed(asha, a1, 2, { title: 'Wobbly legs' });
        const high = await reviewed(bilal, b1!, 5, { title: 'Perfect' });
        const pending = await reviewed(asha, a2, 4, { title: 'Not yet published' });
        expect((await approve([low.id, high.id])).error).toBeNull();
        expect(
          (await staff.from('reviews').update({ store_reply: 'We are sending a fix.' }).eq('id', low.id))
            .error,
        ).toBeNull();
        const { data, error } = await rpc<Record<string, unknown>[]>(anon, 'product_reviews', {
          product_id: p,
        });
        expect(error).toBeNull();
        expect(data!.map((r) => r.id)).toEqual([high.id, low.id]);
        expect(data!.map((r) => r.id)).not.toContain(pending.id);
        for (const r of data!)
          expect(Object.keys(r).sort()).toEqual([
            'author_name',
            'body',
            'created_at',
            'id',
            'photos',
            'rating',
            'replied_at',
            'store_reply',
            'title',
            'variant_title',
          ]);
        expect(data!.map((r) => r.author_name)).toEqual(['Bilal K.', 'Asha R.']);
        expect(data![1]).toMatchObject({
          store_reply: 'We are sending a fix.',
          replied_at: expect.any(String),
        });
        const json = JSON.stringify(data);
        for (const secret of [
          'user_id',
          'order_item_id',
          'email',
          PEOPLE.customerA.id,
          PEOPLE.customerB.id,
          PEOPLE.customerA.email,
          PEOPLE.customerB.email,
          'Rao',
          'Khan',
        ])
          expect(json).not.toContain(secret);
        // Sorts and pages.
        const lowest = await rpc<{ id: number }[]>(anon, 'product_reviews', {
          product_id: p,
          sort: 'lowest',
        });
        expect(lowest.data!.map((r) => r.id)).toEqual([low.id, high.id]);
        const highest = await rpc<{ id: number }[]>(anon, 'product_reviews', {
          product_id: p,
          sort: 'highest',
        });
        expect(highest.data!.map((r) => r.id)).toEqual([high.id, low.id]);
        const page = await rpc<{ id: number }[]>(anon, 'product_reviews', {
          product_id: p,
          page_offset: 1,
          page_size: 1,
        });
        expect(page.data!.map((r) => r.id)).toEqual([low.id]);
        // The statistics are public.
        const stats = await anon
          .from('product_review_stats')
          .select('review_count, rating_sum, stars_2, stars_5')
          .eq('product_id', p);
        expect(stats.data).toEqual([{ review_count: 2, rating_sum: 7, stars_2: 1, stars_5: 1 }]);
        const prod = await anon.from('products').select('rating, review_count').eq('id', p).single();
        expect(prod.data).toEqual({ rating: 3.5, review_count: 2 });
        // The table itself is not for visitors.
        const table = await anon.from('reviews').select('id');
        expect(table.error).not.toBeNull();
        expect(table.error!.code).toBe('42501');
      });

      it('shows customers only their own reviews (any status), and staff all of them', async () => {
        const p = await product();
        const [a] = await bought(asha, [p]);
        const [b] = await bought(bilal, [p]);
        const mine = await reviewed(asha, a!, 4);
        const his = await reviewed(bilal, b!, 3);
        expect((await approve([his.id])).error).toBeNull();
        const ashaSees = await asha.from('reviews').select('id, user_id, status');
        expect(ashaSees.error).toBeNull();
        expect(ashaSees.data!.length).toBeGreaterThan(0);
        expect(ashaSees.data!.every((r) => r.user_id === PEOPLE.customerA.id)).toBe(true);
        expect(ashaSees.data!.map((r) => r.id)).toContain(mine.id);
        expect(ashaSees.data!.map((r) => r.id)).not.toContain(his.id);
        const bilalSees = await bilal.from('reviews').select('id, user_id');
        expect(bilalSees.data!.every((r) => r.user_id === PEOPLE.customerB.id)).toBe(true);
        expect(bilalSees.data!.map((r) => r.id)).toContain(his.id);
        const staffSees = await staff.from('reviews').select('id').in('id', [mine.id, his.id]);
        expect(staffSees.data).toHaveLength(2);
      });
    });
  },
);
