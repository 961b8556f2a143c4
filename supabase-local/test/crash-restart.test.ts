/**
 * A crash leaves nothing in the way: the PGlite data folder's lock is a Unix socket the kernel
 * closes when its process dies, so a process that is `kill -9`'d can be replaced at once (the old
 * pid-file lock refused a restart for about a second while the dead process was reaped). And a
 * server killed while customers place orders loses no acknowledged order and no stock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PACKAGE = join(HERE, '..');
const root = mkdtempSync(join(tmpdir(), 'sl-crash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Child {
  proc: ChildProcess;
  out(): string;
  /** resolves when stdout matches */
  until(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

export function spawnNode(args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: PACKAGE,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (d: Buffer) => (stdout += d));
  proc.stderr!.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    out: () => stdout,
    exited,
    until(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(stdout);
          if (m) {
            clearTimeout(timer);
            proc.stdout!.off('data', check);
            resolve(m);
          }
        };
        const timer = setTimeout(
          () => reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${stdout}\n${stderr}`)),
          timeoutMs,
        );
        proc.stdout!.on('data', check);
        void exited.then((code) =>
          reject(new Error(`exited (${code}) before ${pattern}:\n${stdout}\n${stderr}`)),
        );
        check();
      });
    },
  };
}

/**
 * SIGKILL, then wait until the process is dead but NOT yet reaped (a zombie), as it is while a
 * supervisor or a shell has not collected it yet: that is when the old pid-file lock still saw a
 * live pid. We spin synchronously on /proc so that Node's own SIGCHLD handling cannot reap it first.
 * (Elsewhere than Linux: wait for the exit.)
 */
async function killHard(child: Child): Promise<void> {
  const pid = child.proc.pid!;
  child.proc.kill('SIGKILL');
  if (process.platform !== 'linux') return void (await child.exited);
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return; // already reaped
    }
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return;
  }
  throw new Error(`pid ${pid} did not die`);
}

describe('the PGlite data folder lock', () => {
  it('refuses a second opener while the owner lives, and is free the moment it is killed', async () => {
    const dataDir = join(root, 'held');
    const holder = spawnNode([join(HERE, 'support', 'hold-data-dir.ts'), dataDir]);
    try {
      const pid = (await holder.until(/open (\d+)/))[1]!;
      await expect(openPglite({ dataDir })).rejects.toThrow(
        `is in use: another supabase-local (pid ${pid}) has it open`,
      );
    } catch (e) {
      holder.proc.kill('SIGKILL');
      throw e;
    }
    await killHard(holder);
    // at once, synchronously after the death (no retry, no wait, not even for the reaping)
    const started = Date.now();
    const db = await openPglite({ dataDir });
    try {
      expect(Date.now() - started).toBeLessThan(30_000); // PGlite's own start-up, not a lock wait
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.opened');
      expect(rows[0]!.n).toBe(1); // the killed process's committed row survived
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses a second open from the same process, and frees the folder on close', async () => {
    const dataDir = join(root, 'twice');
    const db = await openPglite({ dataDir });
    await expect(openPglite({ dataDir })).rejects.toThrow('this process already has it open');
    await db.close();
    const again = await openPglite({ dataDir });
    await again.close();
  }, 60_000);
});

/** The store's server (src/cli.ts serve over supabase/migrations and seed.sql) on a PGlite folder. */
function serve(dataDir: string): Child {
  return spawnNode(['src/cli.ts', 'serve'], {
    SUPABASE_LOCAL_DATA: dataDir,
    SUPABASE_PORT: '0',
    SUPABASE_SMTP_PORT: '0',
    PORT: '0',
  });
}

interface Api {
  url: string;
  anonKey: string;
  serviceKey: string;
}

async function ready(child: Child): Promise<Api> {
  const m = await child.until(
    /API URL: (\S+)[\s\S]*anon key: (\S+)[\s\S]*service_role key: (\S+)[\s\S]*Press Ctrl\+C/,
    120_000,
  );
  return { url: m[1]!, anonKey: m[2]!, serviceKey: m[3]! };
}

async function call(api: Api, path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  return fetch(api.url + path, {
    ...init,
    headers: {
      apikey: api.anonKey,
      authorization: `Bearer ${init.token ?? api.serviceKey}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function ok<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const ADDRESS = {
  fullName: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98450 12345',
  address: '14, 3rd Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
};
const INITIAL_STOCK = 100_000;
const CUSTOMERS = 4;

describe('kill -9 of the serving store while customers order', () => {
  it('loses no acknowledged order and no stock, and restarts at once', async () => {
    const dataDir = join(root, 'store');
    const first = serve(dataDir);
    let api: Api;
    try {
      api = await ready(first);
    } catch (e) {
      first.proc.kill('SIGKILL');
      throw e;
    }

    // a product of our own and four signed-in customers, through the API as the apps would
    const [product] = await ok<{ id: number }[]>(
      await call(api, '/rest/v1/products?select=id', {
        method: 'POST',
        headers: { prefer: 'return=representation' },
        body: JSON.stringify({
          name: 'Crash test chair',
          price: 1999,
          original_price: 2999,
          category_id: 1,
          stock_quantity: INITIAL_STOCK,
          image_url: '/images/products/test.webp',
        }),
      }),
    );
    const tokens: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const email = `crash-${i}@example.in`;
      await ok(
        await call(api, '/auth/v1/admin/users', {
          method: 'POST',
          body: JSON.stringify({ email, password: 'Crash-test-1', email_confirm: true }),
        }),
      );
      const session = await ok<{ access_token: string }>(
        await call(api, '/auth/v1/token?grant_type=password', {
          method: 'POST',
          token: api.anonKey,
          body: JSON.stringify({ email, password: 'Crash-test-1' }),
        }),
      );
      tokens.push(session.access_token);
    }

    // four clients order one chair at a time, COD; an order counts once its answer arrived
    const acknowledged: string[] = [];
    let stop = false;
    const clients = tokens.map(async (token, c) => {
      for (let n = 0; !stop; n++) {
        try {
          const res = await call(api, '/rest/v1/rpc/place_order', {
            method: 'POST',
            token,
            body: JSON.stringify({
              items: [{ product_id: product!.id, quantity: 1 }],
              shipping_address: ADDRESS,
              payment_method: 'cod',
              idempotency_key: `crash-${c}-${n}`,
            }),
          });
          const body = (await res.json()) as { id?: string; message?: string };
          if (res.status !== 200 || !body.id) throw new Error(`${res.status} ${JSON.stringify(body)}`);
          acknowledged.push(body.id);
        } catch (e) {
          if (!stop) throw e;
        }
      }
    });
    const ordering = Promise.all(clients);
    const failed = ordering.then(
      () => undefined,
      (e: unknown) => e,
    );
    await Promise.race([new Promise((r) => setTimeout(r, 6000)), failed]);
    const before = acknowledged.length;
    stop = true;
    await killHard(first); // in the middle of orders in flight
    expect(await failed).toBeUndefined();
    expect(before).toBeGreaterThan(20);

    // restarted at once on the same folder
    const second = serve(dataDir);
    try {
      const again = await ready(second);
      const items: { order_id: string; quantity: number }[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = await ok<{ order_id: string; quantity: number }[]>(
          await call(
            again,
            `/rest/v1/order_items?select=order_id,quantity&product_id=eq.${product!.id}&order=id&limit=1000&offset=${offset}`,
          ),
        );
        items.push(...page);
        if (page.length < 1000) break;
      }
      const present = new Set(items.map((i) => i.order_id));
      expect(acknowledged.filter((id) => !present.has(id))).toEqual([]); // every acknowledged order
      // on hand: its variants' stock (what a sale moves; the product's own total follows within 30 s)
      const variants = await ok<{ stock_quantity: number }[]>(
        await call(again, `/rest/v1/product_variants?select=stock_quantity&product_id=eq.${product!.id}`),
      );
      const stock_quantity = variants.reduce((sum, v) => sum + v.stock_quantity, 0);
      const ordered = items.reduce((sum, i) => sum + i.quantity, 0);
      expect(ordered + stock_quantity).toBe(INITIAL_STOCK);
      console.log(
        `crash test: ${acknowledged.length} acknowledged, ${present.size} present after restart, stock ${stock_quantity} + ${ordered} ordered = ${INITIAL_STOCK}`,
      );
    } finally {
      second.proc.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);
});
