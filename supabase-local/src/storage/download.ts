/**
 * Reading objects: download (authenticated or public), info, and through a signed URL.
 *
 * As in Storage: without a valid JWT only a public bucket can be read; in a public bucket anyone may
 * read every object (no RLS); in a private one the caller's SELECT policies decide, and an object
 * the caller may not see is "not found".
 */
import type { Caller } from './auth.ts';
import { bucketAt, keyFrom, type Call } from './call.ts';
import * as q from './db.ts';
import { errors, sendJson } from './errors.ts';

type Mode = 'authenticated' | 'public';

/** Finds the object the request may read, by Storage's rules. */
async function readable(call: Call, bucketId: string, key: string, mode: Mode): Promise<q.ObjectRow> {
  const { db } = call.s;
  const caller: Caller | null = mode === 'public' ? null : await call.caller(true);
  const bucket = await q.withTx(db, call.info, (tx) => q.findBucket(tx, bucketId));
  if (!bucket || (!bucket.public && (mode === 'public' || !caller?.authenticated)))
    throw errors.noSuchBucket();
  const obj = bucket.public
    ? await q.withTx(db, call.info, (tx) => q.findObject(tx, bucketId, key))
    : await q.asCaller(db, call.info, caller!, (tx) => q.findObject(tx, bucketId, key));
  if (!obj) throw errors.noSuchKey();
  return obj;
}

/** GET|HEAD /object/{authenticated/|public/}:bucket/*key */
export async function download(call: Call, mode: Mode, from: number): Promise<void> {
  const bucketId = bucketAt(call, from);
  const key = keyFrom(call, from + 1);
  const obj = await readable(call, bucketId, key, mode);
  await send(call, bucketId, key, obj);
}

/** GET /object/info/{authenticated/|public/}:bucket/*key: the object's row and file metadata. */
export async function info(call: Call, mode: Mode, from: number): Promise<void> {
  const bucketId = bucketAt(call, from);
  const key = keyFrom(call, from + 1);
  const obj = await readable(call, bucketId, key, mode);
  const m = obj.metadata ?? {};
  sendJson(
    call.res,
    200,
    {
      id: obj.id,
      name: obj.name,
      version: obj.version,
      bucket_id: obj.bucket_id,
      size: m.size ?? null,
      content_type: m.mimetype ?? null,
      cache_control: m.cacheControl ?? null,
      etag: m.eTag ?? null,
      metadata: obj.user_metadata,
      last_modified: obj.updated_at,
      created_at: obj.created_at,
    },
    m.eTag ? { ETag: m.eTag } : {},
  );
}

/** GET /object/sign/:bucket/*key?token= */
export async function downloadSigned(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 2);
  const key = keyFrom(call, 3);
  const token = call.query.get('token');
  if (!token) throw errors.missingParameter('token');
  const claims = await call.s.auth.verifySigned(token, `${bucketId}/${key}`, 'download');
  const obj = await q.withTx(call.s.db, call.info, (tx) => q.findObject(tx, bucketId, key));
  if (!obj) throw errors.noSuchKey();
  await send(call, bucketId, key, obj, new Date((claims.exp ?? 0) * 1000).toUTCString());
}

async function send(
  call: Call,
  bucketId: string,
  key: string,
  obj: q.ObjectRow,
  expires?: string,
): Promise<void> {
  const { req, res } = call;
  const m = obj.metadata ?? {};
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': m.mimetype || 'application/octet-stream',
    'X-Robots-Tag': 'none',
    // uploaded HTML or SVG must not run as a page of this origin
    'X-Content-Type-Options': 'nosniff',
  };
  if (m.eTag) headers.ETag = m.eTag;
  const modified = m.lastModified ?? obj.updated_at;
  if (modified) headers['Last-Modified'] = new Date(modified).toUTCString();
  if (expires) headers.Expires = expires;
  else headers['Cache-Control'] = m.cacheControl || 'no-cache';
  const download = call.query.get('download');
  if (download !== null) {
    const name = encodeURIComponent(download);
    headers['Content-Disposition'] =
      download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`;
  }
  if (m.eTag && req.headers['if-none-match'] === m.eTag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const version = obj.version ?? '';
  const size = await call.s.files.size({ bucket: bucketId, key, version });
  const range = parseRange(req.headers.range, size);
  if (range === 'invalid') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` });
    res.end();
    return;
  }
  const status = range ? 206 : 200;
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  headers['Content-Length'] = String(range ? range.end - range.start + 1 : size);
  if (call.method === 'HEAD' || (range === null && size === 0)) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const stream = call.s.files.open({ bucket: bucketId, key, version }, range ?? undefined);
  res.writeHead(status, headers);
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

/** One `bytes=a-b` range (suffix and open-ended forms too); null: the whole file. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
