/**
 * The store's schema as shipped (supabase/migrations/*.sql, supabase/seed.sql), on PGlite and on
 * PostgreSQL: the migrations apply and record, the seed loads a believable catalog, and catalog
 * queries check the rules every table must keep (RLS on, policies per command and role, no
 * `for all`, no user_metadata, every foreign key indexed, every function with a fixed search_path).
 * Constraints make bad data impossible even for the service role, and the database's money rules
 * agree with shared/src/pricing (delivery fee, promo preview, rupee formatting).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from '../../shared/src/pricing/delivery.ts';
import { formatINR } from '../../shared/src/pricing/format.ts';
import { KNOWN_PROMOS, promoPreview } from '../../shared/src/pricing/promo.ts';
import { type Db, prepareDatabase } from 'supabase-local';
import { addPeople, PEOPLE, STORE_PATHS } from './support/store.ts';
import { createTestDb, dbKinds, forEachDb } from 'supabase-local/testing';

const MIGRATIONS = readdirSync(STORE_PATHS.migrationsDir)
  .filter((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f))
  .sort();

const STORE_TABLES = [
  'addresses',
  'attribute_values',
  'attributes',
  'audit_log',
  'back_in_stock_requests',
  'categories',
  'category_attributes',
  'category_stats',
  'category_value_counts',
  'contact_messages',
  'credit_note_items',
  'credit_notes',
  'customer_stats',
  'delivery_holidays',
  'delivery_zones',
  'invoices',
  'notification_outbox',
  'order_events',
  'order_items',
  'orders',
  'pincodes',
  'product_attribute_values',
  'product_listing_entries',
  'product_option_values',
  'product_options',
  'product_review_stats',
  'product_variants',
  'products',
  'profiles',
  'promo_codes',
  'refunds',
  'return_items',
  'return_reasons',
  'returns',
  'reviews',
  'role_permissions',
  'staff_members',
  'staff_permissions',
  'states',
  'stock_alerts',
  'stock_movements',
  'stock_reservations',
  'store_settings',
  'tax_rates',
  'variant_option_values',
  'wishlist_items',
];

async function rows<R = Record<string, unknown>>(db: Db, sql: string, values?: unknown[]): Promise<R[]> {
  return (await db.query<R>(sql, values)).rows;
}

/** Runs `sql` and returns the Postgres error it raises (or fails the test when it raises none). */
async function pgError(
  db: Db,
  sql: string,
  values?: unknown[],
): Promise<{ code?: string; message: string; detail?: string }> {
  try {
    await db.query(sql, values);
  } catch (e) {
    return e as { code?: string; message: string; detail?: string };
  }
  throw new Error(`expected an error from: ${sql}`);
}

describe('migration files', () => {
  it('are named YYYYMMDDHHmmss_verb_object.sql, start with a header comment and are lowercase SQL', async () => {
    const { readFileSync } = await import('node:fs');
    expect(MIGRATIONS.length).toBeGreaterThanOrEqual(10);
    for (const f of readdirSync(STORE_PATHS.migrationsDir))
      expect(f).toMatch(/^\d{14}_(create|add|alter|drop|update|rename)_[a-z0-9_]+\.sql$/);
    for (const f of MIGRATIONS) {
      const sql = readFileSync(`${STORE_PATHS.migrationsDir}/${f}`, 'utf8');
      expect(sql.startsWith('-- '), `${f} starts with a header comment`).toBe(true);
      expect(sql, `${f} never uses "for all"`).not.toMatch(/\bfor\s+all\b/i);
      expect(sql, `${f} keywords are lowercase`).not.toMatch(
        /^\s*(CREATE|ALTER|INSERT|GRANT|REVOKE|SELECT)\b/m,
      );
    }
  });
});

forEachDb('store schema', ({ db }) => {
  it('applies every migration and the seed, recording them as the Supabase CLI does', async () => {
    const r = await prepareDatabase(db(), {
      migrationsDir: STORE_PATHS.migrationsDir,
      seedPaths: STORE_PATHS.seedPaths,
    });
    expect(r.applied).toEqual(MIGRATIONS.map((f) => f.slice(0, 14)));
    expect(r.seeded).toHaveLength(1);
    const recorded = await rows<{ version: string; name: string }>(
      db(),
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((m) => `${m.version}_${m.name}.sql`)).toEqual(MIGRATIONS);
    const again = await prepareDatabase(db(), {
      migrationsDir: STORE_PATHS.migrationsDir,
      seedPaths: STORE_PATHS.seedPaths,
    });
    expect(again.applied).toEqual([]);
    expect(again.seeded).toEqual([]);
  }, 120_000);

  it('has exactly the store tables in public, each with RLS on', async () => {
    const tables = await rows<{ relname: string; relrowsecurity: boolean }>(
      db(),
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    expect(tables.map((t) => t.relname)).toEqual(STORE_TABLES);
    for (const t of tables) expect(t.relrowsecurity, `${t.relname} has RLS enabled`).toBe(true);
  });

  it('has one policy per command and role, scoped to anon or authenticated, never for all or on user_metadata', async () => {
    const policies = await rows<{ tbl: string; polname: string; cmd: string; roles: string[]; expr: string }>(
      db(),
      `select c.relname as tbl, p.polname, p.polcmd::text as cmd,
         array(select r.rolname from pg_roles r where r.oid = any (p.polroles) order by 1)::text[] as roles,
         coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as expr
       from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public'`,
    );
    const seen = new Set<string>();
    for (const p of policies) {
      expect(p.cmd, `${p.tbl}: "${p.polname}" is not for all`).not.toBe('*');
      expect(p.roles.length, `${p.tbl}: "${p.polname}" names its role`).toBe(1);
      expect(['anon', 'authenticated']).toContain(p.roles[0]);
      expect(p.expr).not.toContain('user_metadata');
      const key = `${p.tbl}/${p.cmd}/${p.roles[0]}`;
      expect(seen.has(key), `one ${p.cmd} policy for ${p.roles[0]} on ${p.tbl}`).toBe(false);
      seen.add(key);
    }
    for (const t of STORE_TABLES)
      expect(
        [...seen].some((k) => k.startsWith(`${t}/`)),
        `${t} has policies`,
      ).toBe(true);
  });

  it('indexes every foreign key (its columns lead some index)', async () => {
    const unindexed = await rows<{ fk: string }>(
      db(),
      `select c.conrelid::regclass::text || ' ' || c.conname as fk
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname in ('public', 'private')
         and not exists (
           select 1 from pg_index i
           where i.indrelid = c.conrelid
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
         )`,
    );
    expect(unindexed).toEqual([]);
    const fks = await rows(
      db(),
      `select 1 from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`,
    );
    expect(fks.length).toBeGreaterThanOrEqual(11);
  });

  it('gives every function of public and private a fixed search_path, and runs only the expected ones as definer', async () => {
    const fns = await rows<{ name: string; config: string[] | null; definer: boolean; schema: string }>(
      db(),
      `select p.proname as name, p.proconfig as config, p.prosecdef as definer, n.nspname as schema
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
       where n.nspname in ('public', 'private') and d.objid is null`,
    );
    for (const f of fns) expect(f.config ?? [], `${f.schema}.${f.name}`).toContain('search_path=""');
    const publicDefiners = fns
      .filter((f) => f.schema === 'public' && f.definer)
      .map((f) => f.name)
      .sort();
    expect(publicDefiners).toEqual([
      'admin_add_order_event',
      'admin_adjust_stock',
      'admin_assign_pincodes',
      'admin_close_return',
      'admin_create_refund',
      'admin_dashboard',
      'admin_decide_return',
      'admin_export_products',
      'admin_generate_variants',
      'admin_gst_register',
      'admin_import_products',
      'admin_issue_credit_note',
      'admin_load_pincodes',
      'admin_mark_return_picked_up',
      'admin_receive_return',
      'admin_remove_staff',
      'admin_resend_notification',
      'admin_retry_refund',
      'admin_schedule_return_pickup',
      'admin_set_order_status',
      'admin_set_product_options',
      'admin_set_staff_roles',
      // computed columns of product_variants: they read stock_reservations, which shoppers cannot
      'available_quantity',
      'cancel_order',
      'cancel_return',
      // delivery by pincode: it reads the delivery zones, which shoppers cannot
      'check_delivery',
      'claim_notifications',
      'complete_notification',
      // the author withdraws their own review (the table's delete policy is staff's)
      'delete_review',
      'due_refunds',
      'fail_notification',
      'mark_order_paid',
      'order_return_options',
      'payment_event_seen',
      'place_order',
      'preview_promo',
      // approved reviews without user ids or order lines: anon never reads the reviews table
      'product_reviews',
      'record_payment_event',
      'record_refund',
      'record_refund_error',
      'release_unpaid_orders',
      'request_back_in_stock',
      'request_return',
      'reserved_quantity',
      'return_refund_quote',
      'set_document_pdf',
      // the caller's own roles and permissions, read from staff_members and role_permissions
      'staff_access',
      // checks the caller's delivered order line, which the reviews table cannot
      'submit_review',
      'track_order',
    ]);
  });

  it('lets the API roles execute only the RPCs meant for them', async () => {
    const grants = await rows<{ name: string; anon: boolean; authenticated: boolean }>(
      db(),
      `select p.proname as name,
         has_function_privilege('anon', p.oid, 'execute') as anon,
         has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' order by 1`,
    );
    const byName = Object.fromEntries(grants.map((g) => [g.name, g]));
    for (const f of [
      'search_products',
      'preview_promo',
      'track_order',
      'available_quantity',
      'reserved_quantity',
      'check_delivery',
    ])
      expect(byName[f], f).toMatchObject({ anon: true, authenticated: true });
    for (const f of [
      'place_order',
      'cancel_order',
      'admin_dashboard',
      'admin_set_order_status',
      'admin_add_order_event',
      'admin_resend_notification',
      'admin_adjust_stock',
      'admin_set_product_options',
      'admin_generate_variants',
      'admin_assign_pincodes',
      'admin_load_pincodes',
      'admin_issue_credit_note',
      'admin_gst_register',
      'request_back_in_stock',
      'order_return_options',
      'request_return',
      'cancel_return',
      'admin_decide_return',
      'admin_schedule_return_pickup',
      'admin_mark_return_picked_up',
      'admin_receive_return',
      'admin_close_return',
      'return_refund_quote',
      'admin_create_refund',
      'admin_retry_refund',
      'staff_access',
      'admin_set_staff_roles',
      'admin_remove_staff',
    ]) {
      expect(byName[f], f).toMatchObject({ anon: false, authenticated: true });
    }
    for (const f of [
      'mark_order_paid',
      'release_unpaid_orders',
      'payment_event_seen',
      'record_payment_event',
      'due_refunds',
      'record_refund',
      'record_refund_error',
      'claim_notifications',
      'complete_notification',
      'fail_notification',
      'set_document_pdf',
    ]) {
      expect(byName[f], `${f} is for the service role only`).toMatchObject({
        anon: false,
        authenticated: false,
      });
    }
    const privateForAnon = await rows<{ name: string }>(
      db(),
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    // is_published_review_photo: the storage policy that lets visitors read approved reviews' photos.
    // search_product_ids: search_products' ranking from the indexes (ids only; the rows are read under RLS).
    // listing_bit_figures, listing_price_segments: browse_products' figures from the listing bitmaps
    // (active products only, as a visitor reads them).
    expect(privateForAnon.map((r) => r.name)).toEqual([
      'is_published_review_photo',
      'listing_bit_figures',
      'listing_price_segments',
      'normalize_phone',
      'search_product_ids',
      'search_query_words',
    ]);
    const privateForCustomers = await rows<{ name: string }>(
      db(),
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and p.proname ~ '(gst|tax|invoice|document|split)'
         and has_function_privilege('authenticated', p.oid, 'execute') order by 1`,
    );
    expect(
      privateForCustomers.map((r) => r.name),
      'GST helpers the writing user needs',
    ).toEqual(['is_valid_gstin', 'normalize_gstin']);
  });

  it('seeds a believable catalog: 10+ categories, 60+ products with pictures at stable paths', async () => {
    const [counts] = await rows<Record<string, number>>(
      db(),
      `select
         (select count(*)::int from public.categories) as categories,
         (select count(*)::int from public.products) as products,
         (select count(*)::int from public.products where featured) as featured,
         (select count(*)::int from public.products where not in_stock and stock_quantity = 0) as sold_out,
         (select count(*)::int from public.products where stock_quantity between 1 and 5) as low,
         (select count(*)::int from public.categories c where not exists (select 1 from public.products p where p.category_id = c.id)) as empty_categories,
         (select count(*)::int from public.products where original_price <= price) as no_discount,
         (select count(*)::int from public.products where image_url <> '/images/products/' || slug || '.webp' or images <> array[image_url]) as odd_images,
         (select count(*)::int from public.products where jsonb_array_length(specifications -> 'features') < 3
            or specifications ->> 'warranty' is null or specifications ->> 'assembly' is null) as thin_specs,
         (select count(*)::int from public.products where dimensions is null or material is null or color is null or weight is null) as missing_attributes`,
    );
    expect(counts).toMatchObject({
      empty_categories: 0,
      no_discount: 0,
      odd_images: 0,
      thin_specs: 0,
      missing_attributes: 0,
    });
    expect(counts!.categories).toBeGreaterThanOrEqual(10);
    expect(counts!.products).toBeGreaterThanOrEqual(60);
    expect(counts!.featured).toBeGreaterThanOrEqual(8);
    expect(counts!.sold_out).toBeGreaterThanOrEqual(3);
    expect(counts!.low).toBeGreaterThanOrEqual(3);
    const names = (await rows<{ name: string }>(db(), 'select name from public.categories')).map(
      (r) => r.name,
    );
    for (const n of [
      'Sofas',
      'Chairs',
      'Tables',
      'Beds',
      'Storage',
      'Office',
      'Dining',
      'Living Room',
      'Bedroom',
    ])
      expect(names).toContain(n);
    const materials = (
      await rows<{ m: string }>(db(), 'select distinct lower(material) as m from public.products')
    ).map((r) => r.m);
    for (const m of ['sheesham wood', 'teak wood', 'mango wood', 'engineered wood', 'fabric', 'leather'])
      expect(materials).toContain(m);
    const categoryImages = await rows<{ ok: boolean }>(
      db(),
      `select bool_and(exists (select 1 from public.products p where p.image_url = c.image_url)) as ok from public.categories c`,
    );
    expect(categoryImages[0]!.ok).toBe(true);
    const [prices] = await rows<{ min: string; max: string }>(
      db(),
      'select min(price)::text as min, max(price)::text as max from public.products',
    );
    expect(Number(prices!.min)).toBeGreaterThanOrEqual(999);
    expect(Number(prices!.max)).toBeLessThanOrEqual(200000);
  });

  it('keeps the delivery rule of the default zone equal to shared/src/pricing/delivery.ts', async () => {
    const [s, ...others] = await rows<{ threshold: string; fee: string }>(
      db(),
      'select free_above::text as threshold, fee::text as fee from public.delivery_zones where is_default',
    );
    expect(others).toEqual([]);
    expect(Number(s!.threshold)).toBe(FREE_DELIVERY_THRESHOLD);
    expect(Number(s!.fee)).toBe(DELIVERY_FEE);
  });

  it('previews promo codes exactly as shared/src/pricing/promo.ts does (discount and message)', async () => {
    for (const promo of KNOWN_PROMOS) {
      for (const subtotal of [1, 99.99, 499, 500, 501, 2998.99, 2999, 12345.67, 10075, 149999]) {
        const [row] = await rows<{ applied: boolean; discount: string; message: string }>(
          db(),
          'select applied, discount::text as discount, message from public.preview_promo($1, $2)',
          [promo.code.toLowerCase(), subtotal],
        );
        const expected = promoPreview(subtotal, promo);
        expect(row, `${promo.code} on ${subtotal}`).toEqual({
          applied: true,
          discount: expected.discount.toFixed(2),
          message: expected.message,
        });
      }
    }
    const [bad] = await rows<{ applied: boolean; message: string }>(
      db(),
      `select applied, message from public.preview_promo('SAVE11', 5000)`,
    );
    expect(bad).toEqual({ applied: false, message: 'Invalid promo code.' });
  });

  it('formats rupees as shared/src/pricing/format.ts does', async () => {
    for (const amount of [
      0, 5, 99, 999, 2999, 12345, 123456, 1234567, 10000000, 1499.5, 0.5, 19.99, 123456.78, -500,
    ]) {
      const [r] = await rows<{ t: string }>(db(), 'select private.format_inr($1::numeric) as t', [amount]);
      expect(r!.t, String(amount)).toBe(formatINR(amount));
    }
  });

  it('makes bad data impossible, whoever writes it', async () => {
    const product = `insert into public.products (name, price, category_id, stock_quantity) values ($1, $2, 1, $3)`;
    expect((await pgError(db(), product, ['Free chair', 0, 1])).code).toBe('23514');
    expect((await pgError(db(), product, ['Negative stock', 10, -1])).code).toBe('23514');
    expect(
      (
        await pgError(
          db(),
          `insert into public.products (name, price, original_price, category_id) values ('x', 100, 90, 1)`,
        )
      ).code,
    ).toBe('23514');
    await addPeople(db(), [PEOPLE.customerA]);
    const address = `insert into public.addresses (user_id, full_name, phone, address, city, state, pincode) values ($1, 'Asha', $2, '1 MG Road', 'Pune', 'Maharashtra', $3)`;
    expect((await pgError(db(), address, [PEOPLE.customerA.id, '9845012345', '01234'])).code).toBe('23514');
    expect((await pgError(db(), address, [PEOPLE.customerA.id, '9845012345', '041100'])).code).toBe('23514');
    expect((await pgError(db(), address, [PEOPLE.customerA.id, '5845012345', '411001'])).code).toBe('23514');
    expect((await pgError(db(), address, [PEOPLE.customerA.id, '98450 1234', '411001'])).code).toBe('23514');
    // What people type is normalised: +91, spaces and a spaced pincode are fine.
    const ok = await rows<{ phone: string; pincode: string }>(db(), `${address} returning phone, pincode`, [
      PEOPLE.customerA.id,
      '+91 98450-12345',
      '411 001',
    ]);
    expect(ok[0]).toEqual({ phone: '9845012345', pincode: '411001' });
    expect(
      (await pgError(db(), `insert into public.delivery_zones (name, fee) values ('Negative fee', -1)`)).code,
    ).toBe('23514');
    expect(
      (
        await pgError(
          db(),
          `insert into public.delivery_zones (name, fee, transit_days_min, transit_days_max) values ('Backwards', 0, 7, 5)`,
        )
      ).code,
    ).toBe('23514');
    expect((await pgError(db(), `update public.store_settings set non_delivery_weekdays = '{0}'`)).code).toBe(
      '23514',
    );
    expect((await pgError(db(), `insert into public.store_settings (id) values (false)`)).code).toBe('23514');
    expect(
      (
        await pgError(
          db(),
          `insert into public.promo_codes (code, kind, value) values ('HALFOFF', 'percent', 150)`,
        )
      ).code,
    ).toBe('23514');
    // Returns (issue 19): the store's and products' return terms stay sensible.
    for (const bad of [
      'update public.store_settings set return_window_days = 0',
      'update public.store_settings set return_window_days = 366',
      'update public.store_settings set return_pickup_days = 0',
      `update public.store_settings set delivery_fee_refund = 'sometimes'`,
      'update public.products set return_window_days = 0 where id = (select min(id) from public.products)',
      `insert into public.return_reasons (code, label) values ('Not A Code', 'Bad code')`,
    ])
      expect((await pgError(db(), bad)).code, bad).toBe('23514');
  });

  it('makes a profile from the sign-up metadata, keeping only a valid Indian mobile number', async () => {
    await addPeople(db(), [
      PEOPLE.customerB,
      {
        id: 'c0000000-0000-4000-8000-0000000000dd',
        email: 'd@example.in',
        userMetadata: { name: 'Deepa (GitHub)', phone: '12345' },
      },
    ]);
    const profiles = await rows<{ full_name: string; phone: string | null }>(
      db(),
      `select full_name, phone from public.profiles where id in ($1, 'c0000000-0000-4000-8000-0000000000dd') order by full_name`,
      [PEOPLE.customerB.id],
    );
    expect(profiles).toEqual([
      { full_name: 'Bilal Khan', phone: '9123456780' },
      { full_name: 'Deepa (GitHub)', phone: null },
    ]);
  });

  it('derives slugs and in_stock, and parses specifications sent as JSON text', async () => {
    const [p] = await rows<{ slug: string; in_stock: boolean; features: unknown; rating: string | null }>(
      db(),
      `insert into public.products (name, price, category_id, stock_quantity, in_stock, specifications)
       values ('Tulsi Teak Stool', 2499, 1, 0, true, to_jsonb('{"features":["Solid teak"],"warranty":"1 year"}'::text))
       returning slug, in_stock, specifications -> 'features' as features, rating::text`,
    );
    expect(p!.slug).toMatch(/^tulsi-teak-stool-\d+$/);
    expect(p!.in_stock).toBe(false);
    expect(p!.features).toEqual(['Solid teak']);
    // No invented stars (issue 20): a new product has no rating until a review is approved.
    expect(p!.rating).toBeNull();
    // Stock moves through the ledger (issue 16); in_stock follows the variants.
    const stock = async (change: number) => {
      await db().query(
        `insert into public.stock_movements (variant_id, quantity, reason, note)
         select v.id, $2, 'adjustment', 'test' from public.product_variants as v
         join public.products as p on p.id = v.product_id where p.slug = $1 and v.is_default`,
        [p!.slug, change],
      );
      return (
        await rows<{ in_stock: boolean; stock_quantity: number }>(
          db(),
          'select in_stock, stock_quantity from public.products where slug = $1',
          [p!.slug],
        )
      )[0];
    };
    expect(await stock(3)).toEqual({ in_stock: true, stock_quantity: 3 });
    expect(await stock(-3)).toEqual({ in_stock: false, stock_quantity: 0 });
  });
});

/**
 * The same schema on both engines: PGlite (PostgreSQL 17/18 in WASM) and this machine's PostgreSQL 15
 * end up with the same tables, columns, constraints, indexes, policies, functions and triggers.
 * (PostgreSQL 18 also lists NOT NULL as constraints, contype 'n': the columns' nullability covers them.)
 */
const FINGERPRINT = `
  select 'column ' || c.table_name || '.' || c.column_name || ' ' || c.data_type || ' ' || c.is_nullable || ' ' || coalesce(c.column_default, '') as item
  from information_schema.columns c where c.table_schema in ('public', 'private')
  union all
  select 'constraint ' || t.relname || '.' || k.conname || ' ' || k.contype::text from pg_constraint k join pg_class t on t.oid = k.conrelid
  join pg_namespace n on n.oid = t.relnamespace where n.nspname in ('public', 'private') and k.contype <> 'n'
  union all
  select 'index ' || i.tablename || '.' || i.indexname from pg_indexes i where i.schemaname in ('public', 'private')
  union all
  select 'policy ' || p.tablename || '.' || p.policyname || ' ' || p.cmd || ' ' || array_to_string(p.roles, ',') from pg_policies p where p.schemaname = 'public'
  union all
  select 'function ' || n.nspname || '.' || f.proname || '(' || pg_get_function_identity_arguments(f.oid) || ') ' || f.prosecdef::text || ' ' || f.provolatile::text || ' ' || md5(f.prosrc)
  from pg_proc f join pg_namespace n on n.oid = f.pronamespace
  left join pg_depend d on d.objid = f.oid and d.deptype = 'e'
  where n.nspname in ('public', 'private') and d.objid is null
  union all
  select 'trigger ' || c.relname || '.' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
  join pg_namespace n on n.oid = c.relnamespace where not t.tgisinternal and n.nspname in ('public', 'auth')
  union all
  select 'grant ' || g.grantee || ' ' || g.privilege_type || ' ' || g.table_name from information_schema.role_table_grants g
  where g.table_schema = 'public' and g.grantee in ('anon', 'authenticated')
  order by 1`;

describe.skipIf(!dbKinds().includes('postgres'))(
  `store schema on PGlite and PostgreSQL alike${dbKinds().includes('postgres') ? '' : ' [skipped: DATABASE_URL not set]'}`,
  () => {
    it('builds the same tables, columns, constraints, indexes, policies, functions, triggers and grants', async () => {
      const fingerprints: string[][] = [];
      for (const kind of ['pglite', 'postgres'] as const) {
        const t = await createTestDb(kind);
        try {
          await prepareDatabase(t.db, { migrationsDir: STORE_PATHS.migrationsDir, seedPaths: [] });
          fingerprints.push((await rows<{ item: string }>(t.db, FINGERPRINT)).map((r) => r.item));
        } finally {
          await t.drop();
        }
      }
      expect(fingerprints[0]!.length).toBeGreaterThan(200);
      expect(fingerprints[1]).toEqual(fingerprints[0]);
    }, 120_000);
  },
);
