/**
 * /bucket: list, get, create, update, empty, delete (storage-js StorageBucketApi). Every query runs
 * as the caller, so `storage.buckets` RLS decides (no policy: only service_role), except the checks
 * Storage itself makes as superuser (is the bucket empty before a delete; emptying removes objects
 * whatever their policies say, once the caller may see the bucket).
 */
import { readJson } from './body.ts';
import { bucketAt, type Call } from './call.ts';
import * as q from './db.ts';
import { errors, sendJson } from './errors.ts';
import { mustBeValidBucketName, parseFileSize, validateAllowedMimeTypes } from './names.ts';

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export async function listBuckets(call: Call): Promise<void> {
  const caller = await call.caller();
  const p = call.query;
  const int = (name: string) => {
    const v = p.get(name);
    if (v === null) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw errors.invalidParameter(name);
    return n;
  };
  const sortColumn = p.get('sortColumn') ?? undefined;
  if (sortColumn !== undefined && !SORT_COLUMNS.has(sortColumn)) throw errors.invalidParameter('sortColumn');
  const sortOrder = p.get('sortOrder') ?? undefined;
  if (sortOrder !== undefined && sortOrder !== 'asc' && sortOrder !== 'desc')
    throw errors.invalidParameter('sortOrder');
  const rows = await q.asCaller(call.s.db, call.info, caller, (tx) =>
    q.listBuckets(tx, {
      limit: int('limit'),
      offset: int('offset'),
      search: p.get('search') ?? undefined,
      sortColumn: sortColumn as q.ListBucketsOptions['sortColumn'],
      sortOrder: sortOrder as 'asc' | 'desc' | undefined,
    }),
  );
  sendJson(call.res, 200, rows.map(bucketJson));
}

export async function getBucket(call: Call): Promise<void> {
  const id = bucketAt(call, 1);
  const caller = await call.caller();
  const row = await q.asCaller(call.s.db, call.info, caller, (tx) => q.findBucket(tx, id));
  if (!row) throw errors.noSuchBucket();
  sendJson(call.res, 200, bucketJson(row));
}

export async function createBucket(call: Call): Promise<void> {
  const caller = await call.caller();
  const body = await readJson(call.req);
  const name = body.name;
  if (typeof name !== 'string') throw errors.invalidRequest("body must have required property 'name'");
  mustBeValidBucketName(name);
  const id = typeof body.id === 'string' && body.id !== '' ? body.id : name;
  mustBeValidBucketName(id);
  const settings = bucketSettings(call, body);
  await q.asCaller(call.s.db, call.info, caller, (tx) =>
    q.createBucket(tx, {
      id,
      name,
      public: settings.public ?? false,
      fileSizeLimit: settings.fileSizeLimit ?? null,
      allowedMimeTypes: settings.allowedMimeTypes ?? null,
      owner: caller.owner,
    }),
  );
  sendJson(call.res, 200, { name });
}

export async function updateBucket(call: Call): Promise<void> {
  const id = bucketAt(call, 1);
  const caller = await call.caller();
  const patch = bucketSettings(call, await readJson(call.req));
  if (Object.values(patch).every((v) => v === undefined)) throw errors.noContent();
  const n = await q.asCaller(call.s.db, call.info, caller, (tx) => q.updateBucket(tx, id, patch));
  if (n === 0) throw errors.noSuchBucket();
  sendJson(call.res, 200, { message: 'Successfully updated' });
}

export async function emptyBucket(call: Call): Promise<void> {
  const id = bucketAt(call, 1);
  const caller = await call.caller();
  const bucket = await q.asCaller(call.s.db, call.info, caller, (tx) => q.findBucket(tx, id));
  if (!bucket) throw errors.noSuchBucket();
  // Storage empties through an admin job: object policies do not apply once the bucket is visible
  await q.withTx(call.s.db, call.info, (tx) => q.deleteAllObjects(tx, id));
  await call.s.files.removeBucket(id);
  sendJson(call.res, 200, { message: 'Successfully emptied' });
}

export async function deleteBucket(call: Call): Promise<void> {
  const id = bucketAt(call, 1);
  const caller = await call.caller();
  await q.withTx(call.s.db, call.info, async (tx) => {
    if (!(await q.findBucket(tx, id))) throw errors.noSuchBucket();
    if (await q.hasObjects(tx, id)) throw errors.bucketNotEmpty();
    await tx.actAs(caller);
    if ((await q.deleteBucket(tx, id)) === 0) throw errors.noSuchBucket();
  });
  await call.s.files.removeBucket(id);
  sendJson(call.res, 200, { message: 'Successfully deleted' });
}

function bucketSettings(call: Call, body: Record<string, unknown>): q.BucketPatch {
  const patch: q.BucketPatch = {};
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw errors.invalidParameter('public');
    patch.public = body.public;
  }
  const limit = body.file_size_limit;
  if (limit === null) patch.fileSizeLimit = null;
  else if (typeof limit === 'number' || typeof limit === 'string') {
    const bytes = parseFileSize(limit);
    if (bytes > call.s.globalFileSizeLimit) throw errors.entityTooLarge();
    patch.fileSizeLimit = bytes;
  } else if (limit !== undefined) throw errors.invalidParameter('file_size_limit');
  const mimes = body.allowed_mime_types;
  if (mimes === null) patch.allowedMimeTypes = null;
  else if (Array.isArray(mimes)) {
    const list = mimes.filter((m) => m) as string[];
    validateAllowedMimeTypes(list);
    patch.allowedMimeTypes = list;
  } else if (mimes !== undefined) throw errors.invalidParameter('allowed_mime_types');
  return patch;
}

/** A bucket as Storage returns it (file_size_limit a number, type STANDARD). */
export function bucketJson(b: q.BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    type: 'STANDARD',
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}
