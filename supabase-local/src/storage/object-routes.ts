/**
 * Object operations besides upload and download: delete (one, many), list, move, and signed URLs
 * (create for download and upload; upload through one). RLS decides each as the caller.
 */
import { randomUUID } from 'node:crypto';
import { readJson } from './body.ts';
import { bucketAt, keyFrom, type Call } from './call.ts';
import * as q from './db.ts';
import { errors, sendJson } from './errors.ts';
import type { ObjectRef } from './files.ts';
import { listObjects, type SortColumn } from './list.ts';
import { mustBeValidBucketName, mustBeValidKey } from './names.ts';
import { str, upload } from './upload.ts';

/** Storage's limit on keys per bulk request. */
const MAX_KEYS_PER_REQUEST = 1000;
/** How long an upload URL stays valid (Storage's default, 2 hours). */
const UPLOAD_URL_SECONDS = 7200;

/** DELETE /object/:bucket/*key */
export async function deleteOne(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 1);
  const key = keyFrom(call, 2);
  const caller = await call.caller();
  const version = await q.withTx(call.s.db, call.info, async (tx) => {
    const obj = await q.findObject(tx, bucketId, key, { forUpdate: true });
    if (!obj) throw errors.noSuchKey();
    await tx.actAs(caller);
    if ((await q.deleteObject(tx, bucketId, key)) === 0) throw errors.accessDenied();
    return obj.version;
  });
  if (version) await call.s.files.remove({ bucket: bucketId, key, version });
  sendJson(call.res, 200, { message: 'Successfully deleted' });
}

/** DELETE /object/:bucket {prefixes: [...]}: what the caller may delete of those, deleted. */
export async function deleteMany(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 1);
  const caller = await call.caller();
  const body = await readJson(call.req);
  const names = body.prefixes;
  if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string')) {
    throw errors.invalidRequest('body/prefixes must be a non-empty array of strings');
  }
  if (names.length > MAX_KEYS_PER_REQUEST) {
    throw errors.invalidRequest(
      `Bulk object requests are limited to ${MAX_KEYS_PER_REQUEST} objects per request.`,
    );
  }
  const rows = await q.asCaller(call.s.db, call.info, caller, (tx) =>
    q.deleteObjects(tx, bucketId, names as string[]),
  );
  for (const r of rows)
    if (r.version) await call.s.files.remove({ bucket: bucketId, key: r.name, version: r.version });
  sendJson(call.res, 200, rows);
}

const SORT_COLUMNS = new Set<SortColumn>(['name', 'updated_at', 'created_at', 'last_accessed_at']);

/** POST /object/list/:bucket {prefix, limit, offset, sortBy, search} */
export async function list(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 2);
  const caller = await call.caller();
  const body = await readJson(call.req);
  let prefix = typeof body.prefix === 'string' ? body.prefix : '';
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/'; // a prefix is a folder
  const limit = body.limit === undefined ? 100 : body.limit;
  const offset = body.offset === undefined ? 0 : body.offset;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
    throw errors.invalidParameter('limit');
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0)
    throw errors.invalidParameter('offset');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = (sortBy.column ?? 'name') as SortColumn;
  if (!SORT_COLUMNS.has(column)) throw errors.invalidParameter('sortBy.column');
  const order = sortBy.order === undefined ? 'asc' : String(sortBy.order).toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortBy.order');
  const search = typeof body.search === 'string' ? body.search : '';
  const rows = await q.asCaller(call.s.db, call.info, caller, (tx) =>
    listObjects(tx, bucketId, { prefix, limit, offset, search, sortBy: { column, order } }),
  );
  sendJson(call.res, 200, rows);
}

/** POST /object/move {bucketId, sourceKey, destinationKey, destinationBucket?} */
export async function move(call: Call): Promise<void> {
  const caller = await call.caller();
  const body = await readJson(call.req);
  const bucketId = str(body.bucketId, 'bucketId');
  const sourceKey = str(body.sourceKey, 'sourceKey');
  const destinationKey = str(body.destinationKey, 'destinationKey');
  const destBucket =
    body.destinationBucket === undefined || body.destinationBucket === null
      ? bucketId
      : str(body.destinationBucket, 'destinationBucket');
  mustBeValidBucketName(bucketId);
  mustBeValidBucketName(destBucket);
  mustBeValidKey(sourceKey);
  mustBeValidKey(destinationKey);
  const { db, files } = call.s;
  const newVersion = randomUUID();
  let moved: { from: ObjectRef; to: ObjectRef } | undefined;
  const row = await q
    .withTx(db, call.info, async (tx) => {
      const source = await q.findObject(tx, bucketId, sourceKey, { forUpdate: true });
      await q.lockKey(tx, destBucket, destinationKey);
      await tx.actAs(caller);
      // hidden from the caller is the same as missing
      if (!source || !(await q.findObject(tx, bucketId, sourceKey))) throw errors.noSuchKey();
      if (bucketId === destBucket && sourceKey === destinationKey) return source;
      const renamed = await q.renameObject(
        tx,
        { bucketId, name: sourceKey },
        { bucketId: destBucket, name: destinationKey, version: newVersion, owner: caller.owner },
      );
      if (!renamed) throw errors.accessDenied();
      const from = { bucket: bucketId, key: sourceKey, version: source.version ?? '' };
      const to = { bucket: destBucket, key: destinationKey, version: newVersion };
      await files.move(from, to);
      moved = { from, to };
      return renamed;
    })
    .catch(async (e: unknown) => {
      if (moved) await files.move(moved.to, moved.from).catch(() => {});
      throw e;
    });
  sendJson(call.res, 200, { message: 'Successfully moved', Id: row.id, Key: row.name });
}

/** POST /object/sign/:bucket/*key {expiresIn}: a download URL for an object the caller can read. */
export async function signOne(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 2);
  const key = keyFrom(call, 3);
  const caller = await call.caller();
  const expiresIn = expiry((await readJson(call.req)).expiresIn);
  await q.asCaller(call.s.db, call.info, caller, (tx) => q.mustFindObject(tx, bucketId, key));
  const url = `${bucketId}/${key}`;
  const token = await call.s.auth.sign({ url, scope: 'download' }, expiresIn);
  sendJson(call.res, 200, { signedURL: `/object/sign/${url}?token=${token}` });
}

/** POST /object/sign/:bucket {expiresIn, paths}: one entry per path, an error for those not readable. */
export async function signMany(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 2);
  const caller = await call.caller();
  const body = await readJson(call.req);
  const expiresIn = expiry(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
    throw errors.invalidParameter('paths');
  if (paths.length > MAX_KEYS_PER_REQUEST)
    throw errors.invalidRequest(`At most ${MAX_KEYS_PER_REQUEST} paths per request`);
  const visible = await q.asCaller(call.s.db, call.info, caller, (tx) =>
    q.visibleNames(tx, bucketId, paths as string[]),
  );
  const out = [];
  for (const path of paths as string[]) {
    if (!visible.has(path)) {
      out.push({
        error: 'Either the object does not exist or you do not have access to it',
        path,
        signedURL: null,
      });
      continue;
    }
    const url = `${bucketId}/${path}`;
    const token = await call.s.auth.sign({ url, scope: 'download' }, expiresIn);
    out.push({ error: null, path, signedURL: `/object/sign/${url}?token=${token}` });
  }
  sendJson(call.res, 200, out);
}

/** POST /object/upload/sign/:bucket/*key (x-upsert): an upload URL, if the caller could upload there. */
export async function signUpload(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 3);
  const key = keyFrom(call, 4);
  const caller = await call.caller();
  const upsert = call.req.headers['x-upsert'] === 'true';
  await readJson(call.req);
  await q.asCaller(
    call.s.db,
    call.info,
    caller,
    (tx) => q.tryWrite(tx, { bucketId, name: key, owner: caller.owner, version: '1', metadata: {} }, upsert),
    { rollback: true },
  );
  const url = `${bucketId}/${key}`;
  const token = await call.s.auth.sign(
    { owner: caller.owner, url, upsert, scope: 'upload' },
    UPLOAD_URL_SECONDS,
  );
  sendJson(call.res, 200, { url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/:bucket/*key?token=: the token is the permission. */
export async function uploadSigned(call: Call): Promise<void> {
  const bucketId = bucketAt(call, 3);
  const key = keyFrom(call, 4);
  const token = call.query.get('token');
  if (!token) throw errors.missingParameter('token');
  const claims = await call.s.auth.verifySigned(token, `${bucketId}/${key}`, 'upload');
  const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
  const row = await upload(call, { bucketId, key, upsert: claims.upsert === true, owner, caller: null });
  sendJson(call.res, 200, { Id: row.id, Key: `${bucketId}/${key}` });
}

/** expiresIn: whole seconds, at least 1 (Storage's assertValidNumericJWTExpiration). */
function expiry(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) throw errors.invalidParameter('expiresIn');
  return Math.floor(n);
}
