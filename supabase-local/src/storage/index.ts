/**
 * The Storage surface (/storage/v1): the endpoints @supabase/storage-js calls, answering in Storage's
 * shapes, with metadata in `storage.buckets` / `storage.objects` (RLS deciding every access) and the
 * bytes on disk next to the database (see storageRoot).
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { projectPaths } from '../config.ts';
import { projectJwtVerifier } from '../keys.ts';
import type { SurfaceFactory } from '../surface.ts';
import { StorageAuth } from './auth.ts';
import * as buckets from './bucket-routes.ts';
import type { Call, StorageServices } from './call.ts';
import { download, downloadSigned, info } from './download.ts';
import { errors, sendError, toStorageError } from './errors.ts';
import { drainBody } from '../http/body.ts';
import { FileStore } from './files.ts';
import { parseConfigSize } from './names.ts';
import * as objects from './object-routes.ts';
import { copyRoute, uploadRoute } from './upload.ts';

export interface StorageOptions {
  /** The folder for object files (default: storageRoot(env)). */
  root?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Where object files live: SUPABASE_LOCAL_STORAGE if set; else next to the PGlite folder
 * (`.data/pglite` → `.data/storage`, `/x/db` → `/x/db-storage`); `<repo>/.data/storage` with
 * DATABASE_URL; a temporary folder (removed on close) when the database is `memory://`.
 */
export function storageRoot(env: NodeJS.ProcessEnv = process.env): { root: string; temporary: boolean } {
  const explicit = env.SUPABASE_LOCAL_STORAGE?.trim();
  if (explicit) return { root: resolve(explicit), temporary: false };
  const data = env.DATABASE_URL?.trim() ? undefined : env.SUPABASE_LOCAL_DATA?.trim();
  if (data?.startsWith('memory://')) {
    return { root: mkdtempSync(join(tmpdir(), 'supabase-local-storage-')), temporary: true };
  }
  const dataDir = data ? resolve(data) : projectPaths().defaultDataDir;
  const name = basename(dataDir) === 'pglite' ? 'storage' : `${basename(dataDir)}-storage`;
  return { root: join(dirname(dataDir), name), temporary: false };
}

export function storageSurface(options: StorageOptions = {}): SurfaceFactory {
  return async (ctx) => {
    const where = options.root ? { root: resolve(options.root), temporary: false } : storageRoot(options.env);
    const files = new FileStore(where.root);
    // folders are made on the first request: a server that never stores a file leaves no trace
    let ready: Promise<void> | undefined;
    const services: StorageServices = {
      db: ctx.db,
      auth: new StorageAuth(ctx.keys.jwtSecret, projectJwtVerifier(ctx.keys)),
      files,
      globalFileSizeLimit: parseConfigSize(ctx.config.storage.fileSizeLimit),
    };
    const enabled = ctx.config.storage.enabled;
    return {
      async handle(req, res, target) {
        await (ready ??= files.init());
        await handle(services, enabled, req, res, target);
      },
      async close() {
        if (where.temporary) await rm(where.root, { recursive: true, force: true });
      },
    };
  };
}

async function handle(
  s: StorageServices,
  enabled: boolean,
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
): Promise<void> {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  const call: Call = {
    req,
    res,
    method,
    segments: path.split('/').slice(1),
    query: new URLSearchParams(q < 0 ? '' : target.slice(q + 1)),
    info: { method, path, headers },
    s,
    caller: (allowAnonymous) => s.auth.caller(req.headers.authorization, allowAnonymous),
  };
  try {
    if (!enabled) throw errors.routeNotFound(method, path);
    await route(call);
  } catch (e) {
    const err = toStorageError(e);
    if (err.status >= 500) console.error(`[storage] ${method} ${path}:`, e);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    await drainBody(req);
    sendError(res, err);
  }
}

function route(call: Call): Promise<void> {
  const [head, a, b] = call.segments;
  const n = call.segments.length;
  const m = call.method === 'HEAD' ? 'GET' : call.method;
  if (head === 'bucket') {
    if (n === 1 || (n === 2 && a === '')) {
      if (m === 'GET') return buckets.listBuckets(call);
      if (m === 'POST') return buckets.createBucket(call);
    } else if (n === 2) {
      if (m === 'GET') return buckets.getBucket(call);
      if (m === 'PUT') return buckets.updateBucket(call);
      if (m === 'DELETE') return buckets.deleteBucket(call);
    } else if (n === 3 && b === 'empty' && m === 'POST') return buckets.emptyBucket(call);
  } else if (head === 'object' && n >= 2) {
    if (a === 'list' && n === 3 && m === 'POST') return objects.list(call);
    if (a === 'move' && n === 2 && m === 'POST') return objects.move(call);
    if (a === 'copy' && n === 2 && m === 'POST') return copyRoute(call);
    if (a === 'sign' && n === 3 && m === 'POST') return objects.signMany(call);
    if (a === 'sign' && n >= 4 && m === 'POST') return objects.signOne(call);
    if (a === 'sign' && n >= 4 && m === 'GET') return downloadSigned(call);
    if (a === 'upload' && b === 'sign' && n >= 5 && m === 'POST') return objects.signUpload(call);
    if (a === 'upload' && b === 'sign' && n >= 5 && m === 'PUT') return objects.uploadSigned(call);
    if (a === 'public' && n >= 4 && m === 'GET') return download(call, 'public', 2);
    if (a === 'authenticated' && n >= 4 && m === 'GET') return download(call, 'authenticated', 2);
    if (a === 'info' && m === 'GET') {
      if (b === 'public' && n >= 5) return info(call, 'public', 3);
      if (b === 'authenticated' && n >= 5) return info(call, 'authenticated', 3);
      if (n >= 4) return info(call, 'authenticated', 2);
    }
    if (n === 2 && m === 'DELETE') return objects.deleteMany(call);
    if (n >= 3) {
      if (m === 'GET') return download(call, 'authenticated', 1);
      if (m === 'POST') return uploadRoute(call, call.req.headers['x-upsert'] === 'true');
      if (m === 'PUT') return uploadRoute(call, true);
      if (m === 'DELETE') return objects.deleteOne(call);
    }
  }
  throw errors.routeNotFound(call.method, `/${call.segments.join('/')}`);
}
