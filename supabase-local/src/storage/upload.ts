/**
 * Uploads, as Storage's Uploader does them:
 *  1. the bucket (looked up as superuser) gives the size limit (never above [storage]'s) and MIME list;
 *  2. what the request declares is checked before reading it (Content-Length, MIME type);
 *  3. the row it would write is tried as the caller and rolled back, so RLS refuses an upload before
 *     any byte is stored (a plain insert; an upsert also needs UPDATE and SELECT policies);
 *  4. the bytes go to a temp file, stopping at the limit;
 *  5. one transaction locks the key, writes the row and moves the file into place; the version it
 *     replaces is removed after the commit.
 */
import { randomUUID } from 'node:crypto';
import { readJson, readUploadHead } from './body.ts';
import type { Caller } from './auth.ts';
import { bucketAt, keyFrom, type Call } from './call.ts';
import * as q from './db.ts';
import { errors, sendJson } from './errors.ts';
import type { Received } from './files.ts';
import { mustBeValidBucketName, mustBeValidKey } from './names.ts';

export interface UploadTarget {
  bucketId: string;
  key: string;
  upsert: boolean;
  owner?: string;
  /** whose policies decide; null: already authorised (a signed upload URL) */
  caller: Caller | null;
}

/** POST (x-upsert) and PUT /object/:bucket/*key */
export async function uploadRoute(call: Call, upsert: boolean): Promise<void> {
  const bucketId = bucketAt(call, 1);
  const key = keyFrom(call, 2);
  const caller = await call.caller();
  const row = await upload(call, { bucketId, key, upsert, owner: caller.owner, caller });
  sendJson(call.res, 200, { Id: row.id, Key: `${bucketId}/${key}` });
}

export async function upload(call: Call, t: UploadTarget): Promise<q.ObjectRow> {
  const { db, files } = call.s;
  const bucket = await q.withTx(db, call.info, (tx) => q.findBucket(tx, t.bucketId));
  if (!bucket) throw errors.noSuchBucket();
  const limit = t.key.endsWith('.emptyFolderPlaceholder') ? 0 : effectiveLimit(call, bucket.file_size_limit);
  const head = await readUploadHead(
    call.req,
    limit,
    t.key.endsWith('.emptyFolderPlaceholder') ? null : bucket.allowed_mime_types,
  );

  if (t.caller) {
    const attempt: q.ObjectInput = {
      bucketId: t.bucketId,
      name: t.key,
      owner: t.owner,
      version: '1',
      metadata: { mimetype: head.mimeType, contentLength: head.declaredLength ?? head.bytes?.byteLength },
      userMetadata: head.userMetadata,
    };
    await q.asCaller(db, call.info, t.caller, (tx) => q.tryWrite(tx, attempt, t.upsert), { rollback: true });
  }

  const received = head.bytes ? await files.receiveBuffer(head.bytes) : await files.receive(call.req, limit);
  return commit(call, t, received, {
    mimetype: head.mimeType,
    cacheControl: head.cacheControl,
    userMetadata: head.userMetadata,
  });
}

/** Step 5, also used by copy: the row and the file, together or not at all. */
export async function commit(
  call: Call,
  t: Pick<UploadTarget, 'bucketId' | 'key' | 'upsert' | 'owner'>,
  received: Received,
  m: { mimetype: string; cacheControl: string; userMetadata?: Record<string, unknown> | null },
): Promise<q.ObjectRow> {
  const { db, files } = call.s;
  const version = randomUUID();
  const metadata: q.ObjectMetadata = {
    eTag: `"${received.md5}"`,
    size: received.size,
    mimetype: m.mimetype,
    cacheControl: m.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: received.size,
    httpStatusCode: 200,
  };
  let placed: string | undefined;
  let replaced: string | null = null;
  try {
    const row = await q.withTx(db, call.info, async (tx) => {
      await q.lockKey(tx, t.bucketId, t.key);
      const current = await q.findObject(tx, t.bucketId, t.key, { forUpdate: true });
      const written = await q.writeObject(
        tx,
        {
          bucketId: t.bucketId,
          name: t.key,
          owner: t.owner,
          version,
          metadata,
          userMetadata: m.userMetadata,
        },
        t.upsert,
      );
      if (!written) throw errors.keyAlreadyExists();
      placed = await files.place(received, t.bucketId, t.key, version);
      replaced = current?.version ?? null;
      return written;
    });
    if (replaced && replaced !== version)
      await files.remove({ bucket: t.bucketId, key: t.key, version: replaced });
    return row;
  } catch (e) {
    await files.discard(received);
    if (placed) await files.removeFile(placed);
    throw e;
  }
}

/** The bucket's limit, never above the global one. */
export function effectiveLimit(call: Call, bucketLimit: string | number | null): number {
  const global = call.s.globalFileSizeLimit;
  if (bucketLimit === null || bucketLimit === undefined) return global;
  const n = Number(bucketLimit);
  return Number.isFinite(n) && n > 0 ? Math.min(n, global) : global;
}

/** POST /object/copy {bucketId, sourceKey, destinationKey, destinationBucket?} (x-upsert) */
export async function copyRoute(call: Call): Promise<void> {
  const caller = await call.caller();
  const body = await readJson(call.req);
  const bucketId = str(body.bucketId, 'bucketId');
  const sourceKey = str(body.sourceKey, 'sourceKey');
  const destinationKey = str(body.destinationKey, 'destinationKey');
  const destinationBucket =
    body.destinationBucket === undefined || body.destinationBucket === null
      ? bucketId
      : str(body.destinationBucket, 'destinationBucket');
  mustBeValidBucketName(bucketId);
  mustBeValidBucketName(destinationBucket);
  mustBeValidKey(sourceKey);
  mustBeValidKey(destinationKey);
  const upsert = call.req.headers['x-upsert'] === 'true';
  const { db, files } = call.s;

  const source = await q.asCaller(db, call.info, caller, (tx) => q.mustFindObject(tx, bucketId, sourceKey));
  const dest = { bucketId: destinationBucket, key: destinationKey, upsert, owner: caller.owner };
  await q.asCaller(
    db,
    call.info,
    caller,
    (tx) =>
      q.tryWrite(
        tx,
        {
          bucketId: destinationBucket,
          name: destinationKey,
          owner: caller.owner,
          version: '1',
          metadata: source.metadata ?? {},
          userMetadata: source.user_metadata,
        },
        upsert,
      ),
    { rollback: true },
  );
  const copied = await files.copyToTemp({ bucket: bucketId, key: sourceKey, version: source.version ?? '' });
  const size = Number(source.metadata?.size ?? 0);
  const md5 = String(source.metadata?.eTag ?? '').replace(/"/g, '');
  const row = await commit(
    call,
    dest,
    { tmp: copied, size, md5 },
    {
      mimetype: String(source.metadata?.mimetype ?? 'application/octet-stream'),
      cacheControl: String(source.metadata?.cacheControl ?? 'no-cache'),
      userMetadata: source.user_metadata,
    },
  );
  sendJson(call.res, 200, { Id: row.id, Key: `${destinationBucket}/${destinationKey}`, ...row });
}

export function str(v: unknown, name: string): string {
  if (typeof v !== 'string' || v === '') throw errors.missingParameter(name);
  return v;
}
