/**
 * place_order in the database alone, where a checkout's time goes (issue 22, target 4): one session
 * places the REST run's kind of order (one shopper, 1–3 of the stocked variants, COD), each checkout
 * its own transaction as the REST engine sends it (role authenticated, the shopper's claims set
 * locally). After a warm-up in the same session (plpgsql plans each statement once per session), it
 * reports the backend's CPU per checkout (utime + stime of its process, read from /proc when the
 * database runs on this machine), the wall time, and each function the checkouts ran
 * (pg_stat_user_functions with track_functions = all: calls, total and self time per checkout).
 *
 * A before/after of a change to the checkout's SQL reads much steadier here than in orders/s over
 * REST, which moves with the load generator, the REST engine and the machine's other work.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

export interface FunctionCost {
  name: string;
  callsPerCheckout: number;
  /** µs per checkout, the function and everything it called */
  totalUs: number;
  /** µs per checkout in the function's own statements */
  selfUs: number;
}

export interface PlaceOrderCost {
  checkouts: number;
  warmup: number;
  /** backend CPU per checkout (ms); null when the database's process is not on this machine */
  cpuMs: number | null;
  wallMs: number;
  functions: FunctionCost[];
}

interface Options {
  /** the shopper's auth.users id */
  userId: string;
  customer: number;
  /** variants with stock enough for every checkout */
  variants: number[];
  checkouts: number;
  warmup: number;
}

/** The bench's n-th checkout: 1–3 lines of one each, spread over the stocked variants. */
export function checkoutItems(n: number, variants: number[]) {
  return Array.from({ length: 1 + (n % 3) }, (_, k) => ({
    variant_id: variants[(n * 7 + k * 131) % variants.length]!,
    quantity: 1,
  }));
}

/** A bench customer's delivery address (Jodhpur: a serviceable pincode, COD allowed). */
export function checkoutAddress(customer: number) {
  return {
    fullName: `Customer ${customer}`,
    email: `customer${customer}@example.com`,
    phone: '9876543210',
    address: '12 MG Road',
    city: 'Jodhpur',
    state: 'Rajasthan',
    pincode: '342001',
  };
}

type Snapshot = Map<string, { calls: number; total: number; self: number }>;

async function snapshot(c: pg.Client): Promise<Snapshot> {
  const r = await c.query<{ name: string; calls: string; total: number; self: number }>(
    `select f.schemaname || '.' || f.funcname as name, f.calls, f.total_time as total, f.self_time as self
     from pg_stat_user_functions as f`,
  );
  return new Map(r.rows.map((x) => [x.name, { calls: Number(x.calls), total: x.total, self: x.self }]));
}

/** utime + stime of a process in ms (clock ticks of 10 ms on Linux); null off this machine. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export async function placeOrderCost(url: string, o: Options): Promise<PlaceOrderCost> {
  const session = new pg.Client({ connectionString: url });
  const reader = new pg.Client({ connectionString: url });
  await session.connect();
  await reader.connect();
  let ended = false;
  try {
    await session.query(`set track_functions = 'all'`);
    const pid = (await session.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const address = JSON.stringify(checkoutAddress(o.customer));
    const claims = JSON.stringify({ sub: o.userId, role: 'authenticated', aud: 'authenticated' });
    const checkout = (n: number) => {
      const items = checkoutItems(n, o.variants);
      const lit = (s: string) => session.escapeLiteral(s);
      return session.query(
        `begin;
         set local role authenticated;
         select set_config('request.jwt.claims', ${lit(claims)}, true);
         select (public.place_order(${lit(JSON.stringify(items))}::jsonb, ${lit(address)}::jsonb, 'cod', null,
           ${lit(`cost-${process.pid}-${Date.now()}-${n}`)})).order_number;
         commit;`,
      );
    };
    for (let n = 0; n < o.warmup; n++) await checkout(n);
    // PostgreSQL 15+ flushes a session's function counters when it goes idle, at most once a second:
    // idle past that, then one more statement, so the warm-up's calls are counted before the snapshot.
    await session.query('select pg_sleep(1.1)');
    await session.query('select 1');
    const before = await snapshot(reader);
    const cpu0 = processCpuMs(pid);
    const t0 = performance.now();
    for (let n = o.warmup; n < o.warmup + o.checkouts; n++) await checkout(n);
    const wall = performance.now() - t0;
    const cpu1 = processCpuMs(pid);
    await session.end(); // a session's last counters are flushed when it ends
    ended = true;
    let after = await snapshot(reader);
    const placed = (s: Snapshot) => s.get('public.place_order')?.calls ?? 0;
    for (let i = 0; i < 20 && placed(after) - placed(before) < o.checkouts; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await snapshot(reader);
    }
    const functions: FunctionCost[] = [];
    for (const [name, a] of after) {
      const b = before.get(name) ?? { calls: 0, total: 0, self: 0 };
      if (a.calls === b.calls) continue;
      functions.push({
        name,
        callsPerCheckout: Math.round(((a.calls - b.calls) / o.checkouts) * 100) / 100,
        totalUs: Math.round(((a.total - b.total) / o.checkouts) * 1000),
        selfUs: Math.round(((a.self - b.self) / o.checkouts) * 1000),
      });
    }
    functions.sort((x, y) => y.totalUs - x.totalUs);
    return {
      checkouts: o.checkouts,
      warmup: o.warmup,
      cpuMs: cpu0 === null || cpu1 === null ? null : Math.round(((cpu1 - cpu0) / o.checkouts) * 100) / 100,
      wallMs: Math.round((wall / o.checkouts) * 100) / 100,
      functions,
    };
  } finally {
    if (!ended) await session.end().catch(() => undefined);
    await reader.end();
  }
}
