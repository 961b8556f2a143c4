/**
 * The API server with the Storage surface over a fresh database (test-server.ts), its object files
 * in a temporary folder of its own, plus what storage tests need: JWTs for an admin, customers and
 * anon, supabase-js clients carrying them, raw HTTP (paths exactly as written, unlike fetch, which
 * normalises `..`), and a listing of every file under the storage folder.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { SupabaseConfig } from '../../src/config.ts';
import { storageSurface } from '../../src/storage/index.ts';
import { forEachServer, type TestServer } from '../../src/testing/test-server.ts';

export interface StorageSuite {
  kind: string;
  server(): TestServer;
  /** the storage folder of the running server */
  root(): string;
}

/** One describe block per database kind, each with its own server and storage folder. */
export function forEachStorageServer(
  name: string,
  options: { sql?: string; config?: SupabaseConfig },
  body: (suite: StorageSuite) => void,
): void {
  let root = '';
  const storage = (ctx: Parameters<ReturnType<typeof storageSurface>>[0]) => {
    root = mkdtempSync(join(tmpdir(), 'sl-storage-test-'));
    const surface = storageSurface({ root });
    const dir = root;
    return Promise.resolve(surface(ctx)).then((s) => ({
      ...s,
      async close() {
        await s.close?.();
        rmSync(dir, { recursive: true, force: true });
      },
    }));
  };
  forEachServer(
    name,
    { sql: options.sql, config: options.config, surfaces: { storage } },
    ({ kind, server }) => body({ kind, server, root: () => root }),
  );
}

/** Node 20 has no WebSocket; storage tests never open a realtime channel. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}

/** A supabase-js client as the apps create one; `jwt` plays a signed-in user's access token. */
export function client(s: TestServer, jwt?: string): SupabaseClient {
  return createClient(s.url, s.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
    ...(jwt ? { global: { headers: { Authorization: `Bearer ${jwt}` } } } : {}),
  });
}

export const ADMIN_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
export const CUSTOMER_A = 'cccccccc-0000-4000-8000-00000000000a';
export const CUSTOMER_B = 'cccccccc-0000-4000-8000-00000000000b';

/** An access token as Auth issues it (role authenticated; admins carry app_metadata.role). */
export function userJwt(s: TestServer, sub: string, appRole?: string): string {
  return s.signJwt({
    sub,
    aud: 'authenticated',
    role: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
    app_metadata: appRole ? { provider: 'email', role: appRole } : { provider: 'email' },
    user_metadata: {},
  });
}

/** Every file under the storage folder, relative, sorted. */
export function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): Record<string, unknown>;
}

/** HTTP with the path sent byte for byte as given (no URL normalisation). */
export function raw(
  s: TestServer,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer | Buffer[] } = {},
): Promise<RawResponse> {
  const url = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    const body = options.body;
    if (Array.isArray(body)) {
      // chunked, no Content-Length: the server only learns the size while reading
      const write = (i: number) => {
        if (i >= body.length) return req.end();
        req.write(body[i], () => write(i + 1));
      };
      write(0);
    } else req.end(body);
  });
}
