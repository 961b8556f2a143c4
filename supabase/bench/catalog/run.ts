/**
 * pnpm bench:catalog [--products N] [--orders N] [--quick] [--requests N] [--concurrency N]
 *   [--seconds N] [--loadgen node|wrk] [--keep] [--reuse DBNAME] [--only NAME,…] [--database-url URL]
 *
 * The store at catalog scale (issue 4 "Benchmark", issue 7 "Performance"): a scratch PostgreSQL
 * database, bootstrapped and migrated + seeded like `serve` does it (supabase-local's
 * prepareDatabase), filled set-based (generate.ts: 100,000 products, 1,000,000 orders by default;
 * --quick 10k/100k), then supabase-local's REST engine over it in a child process (startChild of
 * supabase-local/bench), and the storefront's and the admin's requests as supabase-js /
 * ra-data-postgrest send them (queries.ts), sequentially: p50/p99 per request, the
 * EXPLAIN (ANALYZE, BUFFERS) of each (the engine's own db-plan output) with every Seq Scan on a
 * large table flagged; then place_order over HTTP by N concurrent customers (one JWT each) for
 * ~10 s → orders/s (sent from this process, or by wrk with --loadgen wrk). Writes
 * supabase/bench/results/catalog.json; drops the scratch database (unless --keep).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  exposedSchemas,
  loadConfig,
  LOCAL_JWT_SECRET,
  openPostgres,
  prepareDatabase,
  projectPaths,
  signHs256,
  type RestConfig,
} from 'supabase-local';
import { startChild } from 'supabase-local/bench';
import { checkWrk, WRK_SEQ, wrkPostRun } from 'supabase-local/bench/wrk';
import { generate, recount } from './generate.ts';
import { header, request, type Reply } from './http.ts';
import {
  adminRequests,
  outboxRequests,
  stockRequests,
  storefrontRequests,
  deliveryRequests,
  gstRequests,
  returnsRequests,
  browseRequests,
  reviewsRequests,
  customersRequests,
  exportRequests,
  type BenchRequest,
} from './queries.ts';
import { cpuShares, describeShares } from './cpu-shares.ts';
import { checkoutAddress, checkoutItems, placeOrderCost, type PlaceOrderCost } from './place-order-cost.ts';
import { nestedPlan, planSummary, sqlPlan, type PlanSummary } from './plans.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.resolve(HERE, '../results/catalog.json');

function args() {
  const a = process.argv.slice(2);
  const val = (name: string) => {
    const i = a.indexOf(`--${name}`);
    return i >= 0 ? a[i + 1] : undefined;
  };
  const num = (name: string, d: number) => (val(name) !== undefined ? Number(val(name)) : d);
  const quick = a.includes('--quick');
  return {
    products: num('products', quick ? 10_000 : 100_000),
    orders: num('orders', quick ? 100_000 : 1_000_000),
    requests: num('requests', quick ? 100 : 200),
    concurrency: num('concurrency', 8),
    // --only measures requests: place_order runs for 0 s unless --seconds says otherwise
    seconds: num('seconds', a.includes('--only') ? 0 : 10),
    /**
     * who sends place_order's requests: this process (node:http), or wrk (C; Debian's package), which
     * leaves the 2 cores' CPU to the REST engine and PostgreSQL (supabase-local/bench/wrk-runner.ts)
     */
    loadgen: loadgen(val('loadgen')),
    keep: a.includes('--keep') || val('reuse') !== undefined,
    /** a database an earlier `--keep` run left: migrate it (new migrations only) and measure again */
    reuse: val('reuse'),
    /** only the requests whose name contains one of these (comma-separated); place_order is skipped */
    only: val('only')
      ?.split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    quick,
    url:
      val('database-url') ??
      process.env['BENCH_DATABASE_URL'] ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

function loadgen(v: string | undefined): 'node' | 'wrk' {
  if (v === undefined || v === 'node' || v === 'wrk') return v ?? 'node';
  throw new Error(`--loadgen ${v}: node or wrk`);
}

const log = (s: string) => console.log(s);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const ms = (x: number) => Math.round(x * 100) / 100;

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = '/' + db;
  return u.toString();
}

async function admin(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

interface Row {
  error?: string;
  name: string;
  who: string;
  method: string;
  path: string;
  rows: number | null;
  count: string | null;
  p50: number;
  p99: number;
  mean: number;
  target: number;
  plan?: PlanSummary;
}

async function main() {
  const o = args();
  if (o.loadgen === 'wrk' && o.seconds > 0) checkWrk();
  const started = new Date();
  const dbName = o.reuse ?? `bench_catalog_${process.pid}`;
  const url = withDatabase(o.url, dbName);
  log(`bench:catalog — ${o.products} products, ${o.orders} orders; database ${dbName}`);
  log(
    `load average at start: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  if (!o.reuse) {
    await admin(o.url, `drop database if exists ${dbName} with (force)`);
    await admin(o.url, `create database ${dbName}`);
  }
  const loadavg: Record<string, number[]> = { start: os.loadavg() };
  // the REST engine's child process, stopped on failure too (else it keeps this process alive)
  let child: { stop(): Promise<void> } | undefined;
  try {
    // 1. bootstrap + migrations + seed, as `serve` prepares a database.
    const root = projectPaths().root;
    const config = loadConfig(projectPaths(root).configToml);
    const paths = projectPaths(root, config);
    const db = await openPostgres({ url, max: 10 });
    let t = performance.now();
    await prepareDatabase(db, {
      migrationsDir: paths.migrationsDir,
      seedPaths: paths.seedPaths,
      displayRoot: root,
    });
    log(`prepared (bootstrap + migrations + seed) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // 2. the data.
    t = performance.now();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const gen = o.reuse
      ? await generated(c, o.products)
      : await generate(c, { products: o.products, orders: o.orders, log });
    const genSeconds = Math.round((performance.now() - t) / 100) / 10;
    log(
      `generated in ${genSeconds} s: ${gen.variants} variants, ${gen.orderItems} order items, ${gen.outboxRows} outbox rows, ` +
        `${gen.attributeValues} product attribute values, ${gen.reviews} reviews`,
    );
    log(
      `reviews: ${gen.checks.approvedReviews} approved over ${gen.checks.reviewedProducts} products, ${gen.checks.pendingReviews} pending, ` +
        `${gen.checks.rejectedReviews} rejected; product_review_stats = recount: ${gen.checks.statsMismatches === 0 ? 'yes' : `NO (${gen.checks.statsMismatches} differ)`}, ` +
        `products.rating/review_count = recount: ${gen.checks.productMismatches === 0 ? 'yes' : `NO (${gen.checks.productMismatches} differ)`}, ` +
        `attribute_value_ids = product_attribute_values: ${gen.checks.attributeMismatches === 0 ? 'yes' : `NO (${gen.checks.attributeMismatches} differ)`}; ` +
        `most reviewed product ${gen.checks.topProductId} (${gen.checks.topProductReviews} approved)`,
    );
    loadavg['generated'] = os.loadavg();

    // 3. the REST engine in its own process (supabase-local/bench), configured as supabase-local's
    // server configures it: the load generator's event loop and garbage collection stay out of the
    // server's timings, as with a browser and `serve`.
    const rest = await startChild({
      BENCH_MODE: 'rest',
      BENCH_DATABASE_URL: url,
      BENCH_REST_CONFIG: JSON.stringify({
        dbSchemas: exposedSchemas(config),
        dbAnonRole: 'anon',
        jwtSecret: LOCAL_JWT_SECRET,
        dbExtraSearchPath: config.api.extraSearchPath,
        dbMaxRows: config.api.maxRows,
        dbPlanEnabled: true,
      } satisfies RestConfig),
    });
    child = rest;
    const base = rest.baseUrl;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const anon = signHs256({ iss: 'supabase-demo', role: 'anon', exp }, LOCAL_JWT_SECRET);
    const customerJwt = (n: number) =>
      signHs256(
        {
          sub: userUuid(`bench-user-${n}`),
          role: 'authenticated',
          aud: 'authenticated',
          email: `customer${n}@example.com`,
          exp,
          app_metadata: { provider: 'email' },
          user_metadata: {},
        },
        LOCAL_JWT_SECRET,
      );
    // Staff: customer 2 made an admin with a live session (private.is_admin() checks both).
    const adminId = userUuid('bench-user-2');
    const adminSession = userUuid('bench-admin-session');
    await c.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}' where id = $1`,
      [adminId],
    );
    // Staff are the rows of staff_members (issue 21): an owner reads everything.
    await c.query(
      `insert into public.staff_members (user_id, email, roles) values ($1, 'customer2@example.com', '{owner}')
       on conflict (user_id) do nothing`,
      [adminId],
    );
    await c.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')
       on conflict (id) do nothing`,
      [adminSession, adminId],
    );
    const adminJwt = signHs256(
      {
        sub: adminId,
        role: 'authenticated',
        aud: 'authenticated',
        email: 'customer2@example.com',
        exp,
        session_id: adminSession,
        app_metadata: { provider: 'email', role: 'admin' },
        user_metadata: {},
      },
      LOCAL_JWT_SECRET,
    );
    const service = signHs256({ iss: 'supabase-demo', role: 'service_role', exp }, LOCAL_JWT_SECRET);
    const bearer: Record<BenchRequest['who'], string> = {
      anon,
      customer: customerJwt(1),
      admin: adminJwt,
      service,
    };

    const send = async (r: BenchRequest, extraHeaders: Record<string, string> = {}) => {
      const res = await request(base + r.path, {
        method: r.method,
        headers: {
          apikey: anon,
          Authorization: `Bearer ${bearer[r.who]}`,
          ...(r.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...r.headers,
          ...extraHeaders,
        },
        body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
      });
      if (res.status >= 400) throw new Error(`${r.name}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
      return res;
    };

    // 4. latency, sequentially, then each request's plan.
    const pick = await c.query(
      `select (select id from public.categories order by sort_order limit 1) as cat1,
              (select id from public.categories order by sort_order desc limit 1) as catlast,
              (select slug from public.categories order by sort_order limit 1) as "cat1Slug",
              (select slug from public.categories order by sort_order desc limit 1) as "catlastSlug",
              (select id from public.products where id >= $1 order by id limit 1 offset $2) as pid,
              (select slug from public.products where id >= $1 order by id limit 1 offset $3) as slug,
              (select order_id from public.notification_outbox where status = 'dead' order by id limit 1) as "orderId",
              (select order_id from public.invoices order by id desc limit 1) as "invoicedOrderId",
              (select id from public.returns where status = 'received' order by created_at limit 1) as "returnId",
              (select order_id from public.returns where status = 'received' order by created_at limit 1) as "returnOrderId",
              (select slug from public.products where id >= $1 and (id - $1 + 1) % 5 = 4 order by id limit 1 offset $4) as "variantSlug",
              (select id from public.products where id >= $1 and (id - $1 + 1) % 5 = 4 order by id limit 1 offset $4) as "productId",
              (select v.id from public.product_variants as v join public.products as p on p.id = v.product_id
               where p.id >= $1 and (p.id - $1 + 1) % 5 = 4 and v.position = 3 order by p.id limit 1 offset $4) as "variantId",
              (select array_agg(x.id) from (select v.id from public.product_variants as v
               where v.product_id >= $1 order by v.product_id, v.id limit 5 offset $2) as x) as "cartVariantIds",
              $5::bigint as "reviewProductId",
              (select slug from public.products where id = $5::bigint) as "reviewProductSlug"`,
      [
        gen.productIdMin,
        Math.floor(o.products / 2),
        Math.floor(o.products / 3),
        Math.floor(o.products / 15),
        gen.checks.topProductId,
      ],
    );
    const ctx = pick.rows[0] as {
      cat1: number;
      catlast: number;
      cat1Slug: string;
      catlastSlug: string;
      pid: number;
      slug: string;
      orderId: string;
      invoicedOrderId: string;
      returnId: string;
      returnOrderId: string;
      variantSlug: string;
      productId: number;
      variantId: number;
      cartVariantIds: number[];
      reviewProductId: number;
      reviewProductSlug: string;
    };
    // The export's last page starts after the SKU 1,000-and-some rows before the end (the order of
    // admin_export_products: product, position, variant); keyset when the function takes a cursor.
    const exportCtx = (
      await c.query<{ keyset: boolean; variants: number; lastPageAfterSku: string }>(
        `select exists (select 1 from pg_proc where proname = 'admin_export_products' and pronargs = 2) as keyset,
                n.variants,
                (select v.sku from public.product_variants as v order by v.product_id, v.position, v.id
                 offset greatest(((n.variants - 1) / 1000) * 1000 - 1, 0) limit 1) as "lastPageAfterSku"
         from (select count(*)::integer as variants from public.product_variants) as n`,
      )
    ).rows[0]!;
    const requests = [
      ...storefrontRequests(ctx, 'customer1'),
      ...adminRequests(ctx, o.products),
      ...outboxRequests(ctx),
      ...stockRequests(ctx),
      ...deliveryRequests(ctx),
      ...gstRequests({ orderId: ctx.invoicedOrderId }),
      ...returnsRequests(ctx),
      ...browseRequests(ctx),
      ...reviewsRequests(ctx),
      ...customersRequests({ customerId: userUuid('bench-user-3') }),
      ...exportRequests(exportCtx),
    ]
      .filter((r) => !o.only || o.only.some((x) => r.name.includes(x)))
      .map((r) => ({
        ...r,
        path: r.path.replace('__SELF__', userUuid('bench-user-1')),
      }));
    const rows: Row[] = [];
    log(
      `\nlatency: ${o.requests} sequential requests each (after 10 warm-up), REST engine in a child process`,
    );
    for (const r of requests) {
      const n = Math.min(o.requests, r.repeat ?? o.requests);
      try {
        await send(r);
      } catch (e) {
        // a request that fails (a statement timeout) is reported, and the run goes on
        log(`  ${r.name.padEnd(34)} FAILED: ${(e as Error).message.slice(0, 200)}  ✗`);
        rows.push({ ...failedRow(r), error: (e as Error).message.slice(0, 300) });
        continue;
      }
      for (let i = 0; i < Math.min(10, n) - 1; i++) await send(r);
      const times: number[] = [];
      let last: Reply | undefined;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        last = await send(r);
        times.push(performance.now() - t0);
      }
      let nrows: number | null = null;
      let total: number | null = null;
      try {
        const j = JSON.parse(last!.text) as unknown;
        nrows = Array.isArray(j) ? j.length : 1;
        // browse_products: one object with the page's items and the listing's total
        if (j && typeof j === 'object' && !Array.isArray(j) && 'items' in j) {
          const b = j as { items: unknown[]; total: number };
          nrows = b.items.length;
          total = b.total;
        }
      } catch {
        /* not JSON */
      }
      const row: Row = {
        name: r.name,
        who: r.who,
        method: r.method,
        path: r.path.length > 160 ? r.path.slice(0, 157) + '...' : r.path,
        rows: nrows,
        count: total !== null ? `total ${total}` : header(last!, 'content-range'),
        p50: ms(pct(times, 50)),
        p99: ms(pct(times, 99)),
        mean: ms(times.reduce((a, b) => a + b, 0) / times.length),
        target: r.targetMs,
      };
      // The engine's own EXPLAIN of this very request (Accept: application/vnd.pgrst.plan).
      try {
        const { text } = await send(r, {
          Accept: `application/vnd.pgrst.plan+json; for="${r.headers?.Accept ?? 'application/json'}"; options=analyze|buffers`,
        });
        row.plan = planSummary(JSON.parse(text));
      } catch (e) {
        log(`  (no plan for ${r.name}: ${(e as Error).message.slice(0, 120)})`);
      }
      // What a plpgsql RPC runs inside is not in its plan: explain the inner query directly.
      if (r.innerSql)
        row.plan = { ...(row.plan ?? emptyPlan()), inner: await sqlPlan(c, r.innerSql, r.innerSettings) };
      if (r.nestedSql) {
        const inner = await nestedPlan(c, r.nestedSql, r.who === 'anon' ? 'anon' : undefined);
        if (inner) row.plan = { ...(row.plan ?? emptyPlan()), inner };
      }
      rows.push(row);
      const flag = row.p99 > r.targetMs ? '  ✗ over target' : '';
      log(
        `  ${r.name.padEnd(34)} p50 ${String(row.p50).padStart(7)} ms  p99 ${String(row.p99).padStart(7)} ms  rows ${row.rows ?? '-'}${row.count ? ` (Content-Range ${row.count})` : ''}${n < o.requests ? ` [${n} requests]` : ''}${flag}`,
      );
      const p = row.plan;
      if (p) {
        log(
          `      plan: ${p.nodes.join(' | ')}  [exec ${p.executionMs} ms, shared hit ${p.sharedHit} read ${p.sharedRead}, cost ${p.totalCost}]`,
        );
        if (p.inner)
          log(
            `      inner: ${p.inner.nodes.join(' | ')}  [exec ${p.inner.executionMs} ms, cost ${p.inner.totalCost}]`,
          );
        for (const s of [...p.seqScans, ...(p.inner?.seqScans ?? [])]) log(`      ⚠ Seq Scan on ${s}`);
      }
    }
    loadavg['latency'] = os.loadavg();

    // The whole products CSV as the admin reads it (page after page of 1,000), once. Only with the
    // keyset function: with `.range()` every page ran the whole export (the README has that estimate).
    let exportWhole: { rows: number; pages: number; seconds: number } | null = null;
    if (exportCtx.keyset && (!o.only || o.only.some((x) => 'export: whole'.includes(x)))) {
      const t0 = performance.now();
      let rowsRead = 0;
      let pages = 0;
      for (let after: string | undefined; ;) {
        const { text } = await send({
          name: 'export: whole',
          who: 'admin',
          method: 'POST',
          path: '/rpc/admin_export_products',
          body: { ...(after !== undefined ? { after_sku: after } : {}), page_size: 1000 },
          targetMs: 0,
        });
        const page = JSON.parse(text) as { sku: string }[];
        rowsRead += page.length;
        pages++;
        if (page.length < 1000) break;
        after = page[page.length - 1]!.sku;
      }
      exportWhole = { rows: rowsRead, pages, seconds: Math.round(performance.now() - t0) / 1000 };
      log(`  export: whole products CSV, ${rowsRead} rows in ${pages} pages: ${exportWhole.seconds} s`);
    }

    // 5. place_order throughput: N customers, each its own JWT, for ~seconds.
    // The first two variants of 400 cheap products get a large receipt (through the ledger, as
    // stock only moves), so COD and stock never refuse; orders name variants, as the cart does.
    await c.query(
      `insert into public.stock_movements (variant_id, quantity, reason, note, actor)
       select v.id, 1000000, 'receipt', 'bench', null
       from public.product_variants as v
       where v.position <= 2 and v.product_id in (
         select id from public.products where id >= $1 and price <= 12000 order by id limit 400
       )
       order by v.id`,
      [gen.productIdMin],
    );
    const cheap = (
      await c.query(`select id from public.product_variants where stock_quantity >= 1000000 order by id`)
    ).rows.map((x: { id: string }) => Number(x.id));
    // Shoppers: customers 3, 10, 17, … (customer 2 is the bench's owner, whose writes the audit log
    // records; a staff member's own checkout is not the shop's traffic).
    const users = Array.from({ length: o.concurrency }, (_, i) => 3 + ((i * 7) % (gen.users - 3)));
    let placed = 0;
    let failed = 0;
    const errors = new Map<string, number>();
    const lat: number[] = [];
    const stopAt = performance.now() + o.seconds * 1000;
    let seq = 0;
    let wrkFigures: { p50: number; p99: number; seconds: number; cpuS: number } | null = null;
    log(
      o.seconds > 0
        ? `\nplace_order: ${o.concurrency} concurrent customers for ${o.seconds} s (POST /rest/v1/rpc/place_order, sent by ${o.loadgen === 'wrk' ? 'wrk' : 'this process'})`
        : '\nplace_order: not measured (--only)',
    );
    const tp0 = performance.now();
    let sharesSince = cpuShares();
    const generatorCpu0 = process.cpuUsage();
    const body = (u: number, items: ReturnType<typeof checkoutItems>, key: string) =>
      JSON.stringify({
        items,
        shipping_address: checkoutAddress(u),
        payment_method: 'cod',
        promo_code: null,
        idempotency_key: key,
      });
    const headers = (u: number) => ({
      apikey: anon,
      Authorization: `Bearer ${customerJwt(u)}`,
      'Content-Type': 'application/json',
    });
    if (o.loadgen === 'wrk' && o.seconds > 0) {
      // The same checkouts: a connection per customer, one checkout at a time, each with its own
      // idempotency key.
      const prefix = `bench-wrk-${process.pid}-`;
      const run = (seconds: number, key: string) =>
        wrkPostRun(
          new URL(base).origin,
          new URL(`${base}/rpc/place_order`).pathname,
          users.map((u, i) =>
            Array.from({ length: 128 }, (_, k) => ({
              headers: headers(u),
              body: body(u, checkoutItems(k * users.length + i, cheap), key + WRK_SEQ),
            })),
          ),
          seconds,
        );
      await run(2, `bench-wrk-warm-${process.pid}-`); // a discarded warm-up, as supabase-local/bench's runs
      sharesSince = cpuShares();
      const r = await run(o.seconds, prefix);
      // what the database kept (an answer still in flight when wrk stopped may have committed too)
      const kept = Number(
        (
          await c.query<{ count: string }>(
            `select count(*) from public.orders where idempotency_key like $1`,
            [`${prefix}%`],
          )
        ).rows[0]!.count,
      );
      placed = r.requests - r.non2xx; // wrk's requests are the answers it read, refusals included
      failed = r.non2xx + r.errors + r.timeouts;
      if (failed)
        errors.set('HTTP ≥ 400 or no answer (wrk keeps no bodies: --loadgen node shows them)', failed);
      if (kept < placed) errors.set(`only ${kept} orders in the database`, placed - kept);
      wrkFigures = { p50: r.p50, p99: r.p99, seconds: r.durationS, cpuS: r.cpuS };
    } else
      await Promise.all(
        users.map(async (u) => {
          const hdrs = headers(u);
          while (performance.now() < stopAt) {
            const n = seq++;
            const items = checkoutItems(n, cheap);
            const t0 = performance.now();
            const res = await request(`${base}/rpc/place_order`, {
              method: 'POST',
              headers: hdrs,
              body: body(u, items, `bench-${process.pid}-${n}`),
            });
            const text = res.text;
            lat.push(performance.now() - t0);
            if (res.ok) placed++;
            else {
              failed++;
              const k = `${res.status} ${text.slice(0, 160)}`;
              errors.set(k, (errors.get(k) ?? 0) + 1);
            }
          }
        }),
      );
    const elapsed = wrkFigures?.seconds ?? (performance.now() - tp0) / 1000; // wrk's own clock: not its start-up
    const cpu = sharesSince();
    // the load generator's own CPU (this process's loop, or wrk's), ms a checkout
    const own = process.cpuUsage(generatorCpu0);
    const generatorCpuS = wrkFigures?.cpuS ?? (own.user + own.system) / 1e6;
    const generatorMs = placed > 0 ? Math.round((generatorCpuS / placed) * 1e5) / 100 : null;
    const placeOrder = {
      concurrency: o.concurrency,
      seconds: Math.round(elapsed * 10) / 10,
      placed,
      failed,
      ordersPerSecond: Math.round((placed / elapsed) * 10) / 10,
      p50: wrkFigures?.p50 ?? ms(pct(lat, 50)),
      p99: wrkFigures?.p99 ?? ms(pct(lat, 99)),
      loadgen: o.loadgen,
      target: 500,
      errors: Object.fromEntries(errors),
      cpu,
      generatorMs,
    };
    loadavg['place_order'] = os.loadavg();
    if (o.seconds > 0)
      log(
        `  ${placed} orders in ${placeOrder.seconds} s → ${placeOrder.ordersPerSecond} orders/s (p50 ${placeOrder.p50} ms, p99 ${placeOrder.p99} ms)${failed ? `, ${failed} failed` : ''}${placeOrder.ordersPerSecond < placeOrder.target ? '  ✗ under target' : ''}`,
      );
    if (o.seconds > 0 && cpu) log(`    ${describeShares(cpu)}`);
    if (o.seconds > 0 && generatorMs !== null)
      log(
        `    CPU of the load generator (${o.loadgen === 'wrk' ? 'wrk' : 'this process'}): ${generatorMs} ms a checkout`,
      );
    for (const [k, v] of errors) log(`    ${v}× ${k}`);
    // place_order's own statements, explained directly (the RPC's plan is a single Function Scan).
    const poPlans = {
      lock: await sqlPlan(
        c,
        `select 1 from public.product_variants as v where v.id = any (array[${cheap.slice(0, 3).join(',')}]::bigint[]) order by v.id for update`,
      ),
      idempotency: await sqlPlan(
        c,
        `select * from public.orders as o where o.user_id = md5('bench-user-1000')::uuid and o.idempotency_key = 'bench-x'`,
      ),
    };
    for (const [k, p] of Object.entries(poPlans)) log(`      place_order ${k}: ${p.nodes.join(' | ')}`);
    // The sales' stock totals, folded in as the refresh-product-stock job does every 30 s (ADR 020),
    // and the nightly pass over every product.
    const stockRefresh = o.seconds > 0 ? await timeStockRefresh(c) : null;
    if (stockRefresh)
      log(
        `refresh_product_stock after the run: ${stockRefresh.movements} ledger rows of ${stockRefresh.products} products ` +
          `since its mark → ${stockRefresh.changed} totals changed in ${stockRefresh.ms} ms; over every product ` +
          `(nightly) ${stockRefresh.allMs} ms\n      ledger since the mark: ${stockRefresh.plan.nodes.join(' | ')}`,
      );
    // The same checkouts in the database alone, one session: CPU and each function's time per checkout.
    let placeOrderDb: PlaceOrderCost | null = null;
    if (o.seconds > 0) {
      placeOrderDb = await placeOrderCost(url, {
        userId: userUuid(`bench-user-${users[0]}`),
        customer: users[0]!,
        variants: cheap,
        checkouts: 300,
        warmup: 30,
      });
      log(
        `place_order in the database alone (one session, customer ${users[0]}, ${placeOrderDb.checkouts} checkouts after ${placeOrderDb.warmup}): ` +
          `${placeOrderDb.cpuMs ?? '?'} ms CPU, ${placeOrderDb.wallMs} ms wall a checkout; µs a checkout (total / self, calls):`,
      );
      for (const f of placeOrderDb.functions.slice(0, 16))
        log(
          `      ${f.name.padEnd(40)} ${String(f.totalUs).padStart(6)} / ${String(f.selfUs).padStart(5)}  ×${f.callsPerCheckout}`,
        );
    }

    await rest.stop();
    child = undefined;
    await c.end();
    await db.close();

    const seqScans = rows.flatMap((r) =>
      [...(r.plan?.seqScans ?? []), ...(r.plan?.inner?.seqScans ?? [])].map((s) => `${r.name}: ${s}`),
    );
    const result = {
      startedAt: started.toISOString(),
      command: `pnpm bench:catalog ${process.argv.slice(2).join(' ')}`.trim(),
      machine: { cpus: os.cpus().length, node: process.version },
      loadavg,
      scale: {
        products: o.products,
        orders: o.orders,
        orderItems: gen.orderItems,
        outboxRows: gen.outboxRows,
        variants: gen.variants,
        users: gen.users,
      },
      generationSeconds: { total: genSeconds, ...gen.seconds },
      requests: rows,
      exportWhole,
      placeOrder: { ...placeOrder, plans: poPlans, database: placeOrderDb, stockRefresh },
      seqScans,
      targets: {
        storefrontP99Ms: 15,
        adminPageMs: 300,
        placeOrderPerSecond: placeOrder.target,
        overTarget: [
          ...rows.filter((r) => r.error || r.p99 > r.target).map((r) => r.name),
          // under its target, when it ran
          ...(o.seconds > 0 && placeOrder.ordersPerSecond < placeOrder.target ? ['place_order'] : []),
        ],
      },
    };
    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, JSON.stringify(result, null, 2) + '\n');
    log(`\nSeq Scans on large tables: ${seqScans.length ? seqScans.join('; ') : 'none'}`);
    log(`over target: ${result.targets.overTarget.join(', ') || 'none'}`);
    log(
      `load average at end: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
  } catch (e) {
    // said before the scratch database is dropped, which ends this run's idle connections
    console.error('bench:catalog failed:', e);
    process.exitCode = 1;
  } finally {
    await child?.stop().catch(() => undefined);
    if (!o.keep) {
      await admin(o.url, `drop database if exists ${dbName} with (force)`);
      log(`dropped ${dbName}`);
    } else log(`kept ${dbName} (--keep)`);
  }
}

/** What generate() reports, read back from a database it filled earlier (--reuse). */
async function generated(c: pg.Client, products: number) {
  const r = await c.query<{
    max: string;
    users: string;
    items: string;
    outbox: string;
    variants: string;
    attrs: string;
    reviews: string;
  }>(
    `select (select max(id) from public.products) as max,
            (select count(*) from auth.users where email like 'customer%@example.com') as users,
            (select count(*) from public.order_items) as items,
            (select count(*) from public.notification_outbox) as outbox,
            (select count(*) from public.product_variants) as variants,
            (select count(*) from public.product_attribute_values) as attrs,
            (select count(*) from public.reviews) as reviews`,
  );
  const row = r.rows[0]!;
  return {
    productIdMin: Number(row.max) - products + 1,
    productIdMax: Number(row.max),
    users: Number(row.users),
    orderItems: Number(row.items),
    outboxRows: Number(row.outbox),
    variants: Number(row.variants),
    attributeValues: Number(row.attrs),
    reviews: Number(row.reviews),
    checks: await recount(c),
    seconds: {} as Record<string, number>,
  };
}

function failedRow(r: BenchRequest): Row {
  return {
    name: r.name,
    who: r.who,
    method: r.method,
    path: r.path,
    rows: null,
    count: null,
    p50: NaN,
    p99: NaN,
    mean: NaN,
    target: r.targetMs,
  };
}

function emptyPlan(): PlanSummary {
  return {
    nodes: [],
    seqScans: [],
    indexes: [],
    executionMs: null,
    totalCost: 0,
    sharedHit: 0,
    sharedRead: 0,
  };
}

/**
 * One run of private.refresh_product_stock() after the checkouts (what the job would fold in: the
 * ledger's rows since its mark), then one over every product (the nightly pass), timed from here.
 */
async function timeStockRefresh(c: pg.Client) {
  const pending = (
    await c.query<{ movements: number; products: number }>(
      `select count(*)::integer as movements, count(distinct m.product_id)::integer as products
       from public.stock_movements as m
       where m.created_at >= (select r.moved_since from private.product_stock_refresh as r)`,
    )
  ).rows[0]!;
  const plan = await sqlPlan(
    c,
    `select distinct m.product_id from public.stock_movements as m where m.created_at >= now() - interval '30 seconds'`,
  );
  const t0 = performance.now();
  const changed = (await c.query<{ n: number }>('select private.refresh_product_stock() as n')).rows[0]!.n;
  const t1 = performance.now();
  await c.query('select private.refresh_product_stock(true)');
  const t2 = performance.now();
  return { ...pending, changed, ms: ms(t1 - t0), allMs: ms(t2 - t1), plan };
}

/** md5('bench-user-<n>')::uuid, as generate.ts makes the customers' ids. */
function userUuid(s: string): string {
  const h = createHash('md5').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

main().then(
  // a run that failed with --keep leaves its connections open, which would keep the process alive
  () => process.exit(),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
