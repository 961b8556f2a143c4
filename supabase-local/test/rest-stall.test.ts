/**
 * No request can stall the server (issue 12): the store's server (REST + the web origin in one Node
 * process, the store's migrations and seed), on PGlite and on PostgreSQL.
 *
 * - The issue's request (categories → products → categories → … nested as anon) is refused before any
 *   SQL runs, with PostgREST's error shape naming the limit, and while five of them are in flight a
 *   plain REST read and `GET /` of the web origin are answered at once. (Without the limit, PGlite
 *   runs them on Node's event loop: everything else waits for tens of seconds.)
 * - The embedding caps (depth 4, 16 embedded resources), with their error bodies; the apps' own
 *   selects pass.
 * - The planner cost limit (pg_plan_filter's plan_filter.statement_cost_limit, set for anon and
 *   authenticated by the store's migration): a request whose plan costs more is refused with
 *   pg_plan_filter's error (54001 → 500), a cheaper one passes, 0 turns it off.
 * - PostgreSQL: a statement cancelled by the role's statement_timeout is 57014 → 500 with PostgREST's
 *   body, and five of them in flight leave the pool free for a plain read.
 */
import { expect, it } from 'vitest';
import { forEachServer, type TestServer } from '../src/testing/test-server.ts';
import { projectPaths } from '../src/config.ts';

/** `id,products(id,categories(id,products(…)))`: `levels` embedded resources, alternating. */
function nested(levels: number): string {
  let s = 'id';
  for (let i = levels; i >= 1; i--) s = `id,${i % 2 === 1 ? 'products' : 'categories'}(${s})`;
  return s;
}

const PLAN_COST_BODY = {
  code: '54001',
  details: null,
  hint: 'The plan for your query shows that it would probably have an excessive run time. This may be due to a logic error in the SQL, or it maybe just a very costly query. Rewrite your query or increase the configuration parameter "plan_filter.statement_cost_limit".',
  message: 'plan cost limit exceeded',
};

/** The storefront's product columns with its category (storefront/src/features/catalog/api/products.ts). */
const PRODUCT_COLUMNS =
  'id,slug,name,description,price,original_price,category_id,image_url,images,dimensions,material,color,weight,stock_quantity,featured,in_stock,specifications,rating,review_count,created_at,category:categories(id,name,slug)';

interface Timed {
  status: number;
  body: string;
  ms: number;
}

async function timed(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
  body?: unknown,
): Promise<Timed> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, body: text, ms: performance.now() - t0 };
}

/** A SQL statement as the superuser, then a schema reload of the REST engine (NOTIFY pgrst), polled. */
async function reloadUntil(s: TestServer, check: () => Promise<boolean>): Promise<void> {
  await s.db.query(`notify pgrst, 'reload schema'`);
  // the server reloads 20 ms after the notification: let it finish even when the check already holds
  await new Promise((r) => setTimeout(r, 200));
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the REST engine did not pick up the new role setting within 10 s');
}

forEachServer(
  'no request stalls the server',
  {
    migrationsDir: projectPaths().migrationsDir,
    seedPaths: projectPaths().seedPaths,
    web: { port: 0, host: '127.0.0.1' },
    // the engine's own EXPLAIN, to read the costs the limit is compared with
    rest: { dbPlanEnabled: true },
    // a statement that outlives anon's 3 s statement_timeout (PostgreSQL's cancellation)
    sql: `
      create function public.stall_test_sleep(seconds float8) returns int
      language sql volatile set search_path = '' as $$ select 1 from pg_catalog.pg_sleep(seconds) $$;
      grant execute on function public.stall_test_sleep(float8) to anon;`,
  },
  ({ kind, server }) => {
    const anon = () => ({ apikey: server().anonKey });
    const rest = (path: string) => `${server().restUrl}${path}`;

    it("refuses the issue's nested request before it runs, naming the limit", async () => {
      const r = await timed(rest(`/categories?select=${nested(5)}`), anon());
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body)).toEqual({
        code: '54001',
        details: 'categories → products → categories → products → categories → products',
        hint: "Embed at most 4 levels deep (supabase-local's REST option maxEmbedDepth), or request the deeper resources separately.",
        message: 'Embedded resources nested 5 levels deep exceed the limit of 4',
      });
    });

    it('while five hostile requests are in flight, a plain read and GET / are answered', async () => {
      // the "five deep" pairs: ten levels, tens of seconds on PGlite without the limit
      const hostile = Array.from({ length: 5 }, () =>
        timed(rest(`/categories?select=${nested(10)}`), anon(), 60_000),
      );
      await new Promise((r) => setTimeout(r, 20));
      const [read, page] = await Promise.all([
        timed(rest('/categories?select=id&limit=1'), anon(), 5_000),
        timed(`${server().webUrl}/`, {}, 5_000),
      ]);
      expect(read.status).toBe(200);
      expect(JSON.parse(read.body)).toHaveLength(1);
      expect(read.ms).toBeLessThan(1_000);
      // the storefront's page, or (in a checkout where `pnpm build` has not run) the page saying so:
      // either way an answer from the web server, which is what must not stall
      if (page.status === 503) expect(page.body).toContain('The storefront is not built yet');
      else expect(page.status).toBe(200);
      expect(page.ms).toBeLessThan(1_000);
      for (const h of await Promise.all(hostile)) {
        expect(h.status).toBe(400);
        expect((JSON.parse(h.body) as { message: string }).message).toBe(
          'Embedded resources nested 10 levels deep exceed the limit of 4',
        );
      }
    }, 90_000);

    it('embeds up to 4 levels deep and up to 16 resources; one more is refused', async () => {
      expect((await timed(rest(`/categories?select=${nested(4)}&limit=1`), anon())).status).toBe(200);
      const embeds = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}:categories(id)`).join(',');
      const sixteen = await timed(rest(`/products?select=id,${embeds(16)}&limit=1`), anon());
      expect(sixteen.status).toBe(200);
      const seventeen = await timed(rest(`/products?select=id,${embeds(17)}&limit=1`), anon());
      expect(seventeen.status).toBe(400);
      expect(JSON.parse(seventeen.body)).toEqual({
        code: '54001',
        details: null,
        hint: "Embed at most 16 resources (supabase-local's REST option maxEmbeds), or request the others separately.",
        message: '17 embedded resources exceed the limit of 16 per request',
      });
      // embeds count at every depth, and on RPCs too
      const deepWide = `id,${Array.from({ length: 6 }, (_, i) => `p${i}:products(id,categories(id,products(id)))`).join(',')}`;
      const refused = await timed(rest(`/categories?select=${deepWide}`), anon());
      expect(refused.status).toBe(400);
      expect((JSON.parse(refused.body) as { message: string }).message).toBe(
        '18 embedded resources exceed the limit of 16 per request',
      );
    });

    it("the apps' own selects pass", async () => {
      const page = await timed(
        rest(`/products?select=${PRODUCT_COLUMNS}&order=created_at.desc&limit=25`),
        anon(),
      );
      expect(page.status).toBe(200);
      expect((JSON.parse(page.body) as unknown[]).length).toBeGreaterThan(0);
      const search = await fetch(rest(`/rpc/search_products?select=${PRODUCT_COLUMNS}`), {
        method: 'POST',
        headers: { ...anon(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ search: 'sofa', max_results: 40 }),
      });
      expect(search.status).toBe(200);
    });

    it('the migration sets pg_plan_filter limits for anon and authenticated in its database', async () => {
      const { rows } = await server().db.query<{ rolname: string; limit: string }>(
        `select r.rolname, (select split_part(c, '=', 2) from unnest(s.setconfig) c
                             where c like 'plan\\_filter.statement\\_cost\\_limit=%') as limit
           from pg_catalog.pg_db_role_setting s join pg_catalog.pg_roles r on r.oid = s.setrole
          where r.rolname in ('anon', 'authenticated')
            and s.setdatabase = (select oid from pg_catalog.pg_database where datname = current_database())
          order by 1`,
      );
      expect(rows).toEqual([
        { rolname: 'anon', limit: '10000' },
        { rolname: 'authenticated', limit: '150000' },
      ]);
    });

    it("refuses a request whose plan costs more than the role's limit, with pg_plan_filter's error", async () => {
      const s = server();
      const cost = async (path: string) => {
        const r = await timed(rest(path), { ...anon(), Accept: 'application/vnd.pgrst.plan+json' });
        expect(r.status).toBe(200);
        return (JSON.parse(r.body) as { Plan: { 'Total Cost': number } }[])[0]!.Plan['Total Cost'];
      };
      const cheap = `/products?select=${PRODUCT_COLUMNS}&limit=1`;
      const dear = `/categories?select=${nested(2)}`;
      const [c1, c2] = [await cost(cheap), await cost(dear)];
      expect(c2).toBeGreaterThan(c1 * 2);
      // this database only (roles are shared by every database of a PostgreSQL cluster)
      const limit = Math.round((c1 + c2) / 2);
      const setLimit = (v: number) =>
        s.db.query(
          `do $$ begin execute format('alter role anon in database %I set plan_filter.statement_cost_limit = ${v}', current_database()); end $$`,
        );
      try {
        await setLimit(limit);
        await reloadUntil(s, async () => (await timed(rest(dear), anon())).status === 500);
        const refused = await timed(rest(dear), anon());
        expect(refused.status).toBe(500);
        expect(JSON.parse(refused.body)).toEqual(PLAN_COST_BODY);
        // pg_plan_filter refuses the EXPLAIN too
        const plan = await timed(rest(dear), { ...anon(), Accept: 'application/vnd.pgrst.plan+json' });
        expect(plan.status).toBe(500);
        expect((await timed(rest(cheap), anon())).status).toBe(200);
        // service_role has no limit
        const service = await timed(rest(dear), {
          apikey: s.serviceRoleKey,
          Authorization: `Bearer ${s.serviceRoleKey}`,
        });
        expect(service.status).toBe(200);
        // 0 turns the filter off (as in pg_plan_filter)
        await setLimit(0);
        await reloadUntil(s, async () => (await timed(rest(dear), anon())).status === 200);
      } finally {
        await setLimit(10000); // the migration's
        await reloadUntil(s, async () => (await timed(rest(dear), anon())).status === 200);
      }
    });

    if (kind === 'postgres') {
      it("a statement cancelled by the role's statement_timeout is 57014 → 500 with PostgREST's body", async () => {
        const r = await timed(rest('/rpc/stall_test_sleep'), anon(), 20_000, { seconds: 10 });
        expect(r.status).toBe(500);
        expect(JSON.parse(r.body)).toEqual({
          code: '57014',
          details: null,
          hint: null,
          message: 'canceling statement due to statement timeout',
        });
        expect(r.ms).toBeGreaterThan(2_900);
        expect(r.ms).toBeLessThan(6_000);
      }, 30_000);

      it('five statements running to their timeout leave the pool free for a plain read', async () => {
        const slow = Array.from({ length: 5 }, () =>
          timed(rest('/rpc/stall_test_sleep'), anon(), 20_000, { seconds: 10 }),
        );
        await new Promise((r) => setTimeout(r, 300));
        const read = await timed(rest('/categories?select=id&limit=1'), anon(), 5_000);
        expect(read.status).toBe(200);
        expect(read.ms).toBeLessThan(1_000);
        for (const r of await Promise.all(slow)) expect(r.status).toBe(500);
      }, 30_000);
    }
  },
);
