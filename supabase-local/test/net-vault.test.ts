/**
 * The pg_net and Vault stand-ins (bootstrap/sql/007_net_vault.sql, src/net.ts, src/vault.ts): a job
 * written as Supabase's "Scheduling Edge Functions" guide writes it — pg_cron → net.http_post with
 * the URL and key from vault.decrypted_secrets — runs on supabase-local as on hosted Supabase.
 * Requests are sent only once committed, once each, to the local API for api.supabase.internal:8000,
 * and their answers, errors and timeouts land in net._http_response.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createScheduler } from '../src/cron.ts';
import { createNetWorker, targetUrl } from '../src/net.ts';
import { applyVaultSecrets, vaultEntries } from '../src/vault.ts';
import { forEachDb } from '../src/testing/test-db.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('targetUrl', () => {
  it('sends the hosts the CLI gives the database for its API to this server, and nothing else', () => {
    const api = 'http://127.0.0.1:54999';
    expect(targetUrl('http://api.supabase.internal:8000/functions/v1/x?a=1', api)).toBe(
      'http://127.0.0.1:54999/functions/v1/x?a=1',
    );
    expect(targetUrl('http://kong:8000/rest/v1/', api)).toBe('http://127.0.0.1:54999/rest/v1/');
    expect(targetUrl('https://api.supabase.internal:8000/x', api)).toBe(
      'https://api.supabase.internal:8000/x',
    );
    expect(targetUrl('http://example.com/x', api)).toBe('http://example.com/x');
  });
});

describe('vaultEntries', () => {
  it('reads [db.vault] string entries', () => {
    expect(vaultEntries({ db: { vault: { project_url: 'http://x', n: 1 } } })).toEqual({
      project_url: 'http://x',
    });
    expect(vaultEntries({})).toEqual({});
  });
});

forEachDb('pg_net and Vault stand-ins', ({ db }) => {
  let http: Server;
  let base: string;
  const seen: Seen[] = [];
  let status = 200;
  let delayMs = 0;

  beforeAll(async () => {
    http = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        setTimeout(() => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ ok: status < 400 }));
        }, delayMs);
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
    status = 200;
    delayMs = 0;
  });

  const worker = () => createNetWorker(db(), { apiUrl: base, log: () => {} });

  it('sends a committed net.http_post once, with its headers, params and JSON body, and records the answer', async () => {
    const { rows } = await db().query<{ id: string }>(
      `select net.http_post(
         url := $1, body := '{"note": "Grüße, ₹1,499"}'::jsonb, params := '{"a b": "1&2"}'::jsonb,
         headers := '{"Authorization": "Bearer k"}'::jsonb, timeout_milliseconds := 2000)::text as id`,
      [`${base}/functions/v1/notify`],
    );
    const responses = await worker().tick();
    expect(responses).toEqual([{ id: rows[0]!.id, status_code: 200, timed_out: false, error_msg: null }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/functions/v1/notify?a%20b=1%262',
      body: '{"note": "Grüße, ₹1,499"}',
    });
    expect(seen[0]!.headers).toMatchObject({ authorization: 'Bearer k', 'content-type': 'application/json' });
    const recorded = await db().query<{ status_code: number; content: string }>(
      'select status_code, content from net._http_response where id = $1',
      [rows[0]!.id],
    );
    expect(recorded.rows).toEqual([{ status_code: 200, content: '{"ok":true}' }]);
    expect(await worker().tick()).toEqual([]); // taken off the queue: never sent twice
    expect(seen).toHaveLength(1);
  });

  it('never sends a request whose transaction rolled back', async () => {
    await db().transaction(
      async (tx) => {
        await tx.query(`select net.http_get($1)`, [`${base}/never`]);
      },
      { rollback: true },
    );
    expect(await worker().tick()).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('records a timeout and a refused connection as pg_net does', async () => {
    delayMs = 500;
    await db().query(`select net.http_get($1, timeout_milliseconds := 50)`, [`${base}/slow`]);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await db().query(`select net.http_delete($1)`, [`http://127.0.0.1:${port}/nobody`]);
    const responses = await worker().tick();
    expect(responses.map((r) => [r.status_code, r.timed_out, r.error_msg])).toEqual([
      [null, true, 'Timeout of 50 ms reached'],
      [null, false, expect.stringContaining('ECONNREFUSED')],
    ]);
  });

  it('refuses what pg_net refuses', async () => {
    await expect(
      db().query(`select net.http_post('http://x', headers := '{"Content-Type": "text/plain"}'::jsonb)`),
    ).rejects.toThrow('Content-Type header must be "application/json"');
    await expect(db().query(`select net.http_post('http://x', body := null)`)).rejects.toThrow(
      'body must not be null',
    );
  });

  it('keeps net and vault from the API roles', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await expect(
        db().transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          await tx.query(`select net.http_get('http://x')`);
        }),
      ).rejects.toThrow(/permission denied/);
      await expect(
        db().transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          await tx.query('select decrypted_secret from vault.decrypted_secrets');
        }),
      ).rejects.toThrow(/permission denied/);
    }
  });

  it('writes [db.vault] entries as secrets, updating them on the next start', async () => {
    const logs: string[] = [];
    expect(
      await applyVaultSecrets(db(), { project_url: 'http://old', empty: '' }, (l) => logs.push(l)),
    ).toEqual(['project_url']);
    expect(logs).toEqual(['[vault] empty: empty (an unset env(...) variable?), not written']);
    expect(
      await applyVaultSecrets(
        db(),
        { project_url: 'http://api.supabase.internal:8000', project_secret_key: 'sk' },
        () => {},
      ),
    ).toEqual(['project_url', 'project_secret_key']);
    const { rows } = await db().query<{ name: string; decrypted_secret: string }>(
      `select name, decrypted_secret from vault.decrypted_secrets where name in ('project_url', 'project_secret_key') order by name`,
    );
    expect(rows).toEqual([
      { name: 'project_secret_key', decrypted_secret: 'sk' },
      { name: 'project_url', decrypted_secret: 'http://api.supabase.internal:8000' },
    ]);
  });

  it('runs the guide’s job: pg_cron → net.http_post to the local API with the key from Vault', async () => {
    await applyVaultSecrets(
      db(),
      { project_url: 'http://api.supabase.internal:8000', project_secret_key: 'sk_local' },
      () => {},
    );
    await db().query(
      `select cron.schedule('kick-function', '* * * * *', $job$
         select net.http_post(
           url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/kick',
           headers := jsonb_build_object('Content-Type', 'application/json',
             'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'project_secret_key')),
           body := '{}'::jsonb)
       $job$)`,
    );
    const t0 = new Date('2026-11-24T10:00:30Z');
    const scheduler = createScheduler(db(), { now: () => t0, log: () => {} });
    await scheduler.tick(new Date('2026-11-24T10:01:00Z'));
    await worker().tick();
    expect(seen.map((s) => [s.method, s.url, s.headers.authorization])).toEqual([
      ['POST', '/functions/v1/kick', 'Bearer sk_local'],
    ]);
    await db().query(`select cron.unschedule('kick-function')`);
  });
});
