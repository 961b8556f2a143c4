/**
 * Storage's metadata in `storage.buckets` / `storage.objects`, and the one rule that makes RLS decide:
 * a query made for a caller runs inside a transaction that first does what the REST engine does
 * (`set_config('role', …)`, `request.jwt.claims`, `request.method/path/headers`, all transaction-local),
 * so policies such as `(select auth.jwt()) -> 'app_metadata' ->> 'role' = 'admin'` see the caller.
 * Queries without `actAs` run as the connecting superuser, as Storage's `asSuperUser()` does (looking
 * a bucket up, finishing an upload whose permission was already tested as the caller).
 *
 * Every SQL text of the storage surface is in this file.
 */
import type { Db, Queryable } from '../db/types.ts';
import type { Caller } from './auth.ts';
import { isUuid } from './auth.ts';
import { errors, toStorageError } from './errors.ts';

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
}

export interface Session extends Queryable {
  /** From here to the end of the transaction, run as the caller (RLS on). */
  actAs(caller: Caller): Promise<void>;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

/** One transaction; Postgres errors come out as Storage errors. */
export async function withTx<T>(
  db: Db,
  req: RequestInfo,
  fn: (s: Session) => Promise<T>,
  options: { rollback?: boolean } = {},
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const session: Session = {
        query: (text, values) => tx.query(text, values),
        batch: (statements) => tx.batch(statements),
        actAs: (caller) => actAs(tx, caller, req),
      };
      return fn(session);
    }, options);
  } catch (e) {
    throw toStorageError(e);
  }
}

/** withTx, as the caller from the start. */
export function asCaller<T>(
  db: Db,
  req: RequestInfo,
  caller: Caller,
  fn: (q: Queryable) => Promise<T>,
  options: { rollback?: boolean } = {},
): Promise<T> {
  return withTx(
    db,
    req,
    async (s) => {
      await s.actAs(caller);
      return fn(s);
    },
    options,
  );
}

async function actAs(tx: Queryable, caller: Caller, req: RequestInfo): Promise<void> {
  await tx.query(
    `select set_config('search_path', 'storage, public, extensions', true),
            set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.method', $3, true),
            set_config('request.path', $4, true),
            set_config('request.headers', $5, true)`,
    [caller.role, JSON.stringify(caller.claims), req.method, req.path, JSON.stringify(req.headers)],
  );
}

// --- buckets ------------------------------------------------------------------------------------

const BUCKET_COLUMNS = `id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, created_at, updated_at`;

export async function findBucket(q: Queryable, id: string): Promise<BucketRow | undefined> {
  const r = await q.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  return r.rows[0];
}

export interface ListBucketsOptions {
  limit?: number;
  offset?: number;
  search?: string;
  sortColumn?: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder?: 'asc' | 'desc';
}

export async function listBuckets(q: Queryable, o: ListBucketsOptions): Promise<BucketRow[]> {
  const values: unknown[] = [];
  let where = '';
  if (o.search) {
    values.push(`%${escapeLike(o.search)}%`);
    where = `where name ilike $${values.length}`;
  }
  const order = `order by ${o.sortColumn ?? 'name'} ${o.sortOrder === 'desc' ? 'desc' : 'asc'}, id`;
  let page = '';
  if (o.limit !== undefined) page += ` limit ${Math.floor(o.limit)}`;
  if (o.offset !== undefined) page += ` offset ${Math.floor(o.offset)}`;
  const r = await q.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets ${where} ${order}${page}`,
    values,
  );
  return r.rows;
}

export interface BucketInput {
  id: string;
  name: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
  owner?: string;
}

export async function createBucket(q: Queryable, b: BucketInput): Promise<void> {
  await q.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      b.id,
      b.name,
      isUuid(b.owner) ? b.owner : null,
      b.owner ?? null,
      b.public,
      b.fileSizeLimit,
      b.allowedMimeTypes,
    ],
  );
}

export interface BucketPatch {
  public?: boolean;
  fileSizeLimit?: number | null;
  allowedMimeTypes?: string[] | null;
}

/** The rows the caller was allowed to update (0: none, or not visible). */
export async function updateBucket(q: Queryable, id: string, p: BucketPatch): Promise<number> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  const set = (column: string, v: unknown) => {
    values.push(v);
    sets.push(`${column} = $${values.length}`);
  };
  if (p.public !== undefined) set('public', p.public);
  if (p.fileSizeLimit !== undefined) set('file_size_limit', p.fileSizeLimit);
  if (p.allowedMimeTypes !== undefined) set('allowed_mime_types', p.allowedMimeTypes);
  const r = await q.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, values);
  return r.rows.length;
}

export async function deleteBucket(q: Queryable, id: string): Promise<number> {
  const r = await q.query(`delete from storage.buckets where id = $1 returning id`, [id]);
  return r.rows.length;
}

export async function hasObjects(q: Queryable, bucketId: string): Promise<boolean> {
  const r = await q.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [bucketId]);
  return r.rows.length > 0;
}

/** Removes every object row of a bucket (as superuser); returns their versions for the files. */
export async function deleteAllObjects(
  q: Queryable,
  bucketId: string,
): Promise<{ name: string; version: string | null }[]> {
  const r = await q.query<{ name: string; version: string | null }>(
    `delete from storage.objects where bucket_id = $1 returning name, version`,
    [bucketId],
  );
  return r.rows;
}

// --- objects ------------------------------------------------------------------------------------

const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`;

export async function findObject(
  q: Queryable,
  bucketId: string,
  name: string,
  options: { forUpdate?: boolean } = {},
): Promise<ObjectRow | undefined> {
  const r = await q.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2 limit 1${options.forUpdate ? ' for update' : ''}`,
    [bucketId, name],
  );
  return r.rows[0];
}

export async function mustFindObject(q: Queryable, bucketId: string, name: string): Promise<ObjectRow> {
  const o = await findObject(q, bucketId, name);
  if (!o) throw errors.noSuchKey();
  return o;
}

/** The names among `names` the querying role can see. */
export async function visibleNames(q: Queryable, bucketId: string, names: string[]): Promise<Set<string>> {
  const r = await q.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
    [bucketId, names],
  );
  return new Set(r.rows.map((x) => x.name));
}

export interface ObjectInput {
  bucketId: string;
  name: string;
  owner?: string;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata?: Record<string, unknown> | null;
}

const insertValues = (o: ObjectInput) => [
  o.bucketId,
  o.name,
  isUuid(o.owner) ? o.owner : null,
  o.owner ?? null,
  JSON.stringify(o.metadata),
  o.userMetadata === undefined || o.userMetadata === null ? null : JSON.stringify(o.userMetadata),
  o.version,
];

const INSERT = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;

const ON_CONFLICT_UPDATE = `on conflict (bucket_id, name) do update set
  owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
  user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()`;

/**
 * What an upload will write, tried as the caller (Storage's canUpload): a plain insert (INSERT
 * policies), or for an upsert an insert … on conflict do update returning (INSERT, UPDATE, SELECT).
 */
export async function tryWrite(q: Queryable, o: ObjectInput, upsert: boolean): Promise<void> {
  if (upsert) {
    await q.query(`${INSERT} ${ON_CONFLICT_UPDATE} returning id`, insertValues(o));
    return;
  }
  try {
    await q.query(INSERT, insertValues(o));
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw errors.keyAlreadyExists();
    throw e;
  }
}

/** Writes the row (superuser, after the permission test); undefined when it exists and !upsert. */
export async function writeObject(
  q: Queryable,
  o: ObjectInput,
  upsert: boolean,
): Promise<ObjectRow | undefined> {
  const conflict = upsert ? ON_CONFLICT_UPDATE : 'on conflict (bucket_id, name) do nothing';
  const r = await q.query<ObjectRow>(`${INSERT} ${conflict} returning ${OBJECT_COLUMNS}`, insertValues(o));
  return r.rows[0];
}

/** Serialises writers of one key (Storage's waitObjectLock). */
export async function lockKey(q: Queryable, bucketId: string, name: string): Promise<void> {
  await q.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${bucketId}/${name}`]);
}

/** The caller's delete of one object: 0 when RLS hides it. */
export async function deleteObject(q: Queryable, bucketId: string, name: string): Promise<number> {
  const r = await q.query(`delete from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  return r.affectedRows;
}

export async function deleteObjects(q: Queryable, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const r = await q.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
    [bucketId, names],
  );
  return r.rows;
}

/** Renames an object (move), as the caller: UPDATE policies see the old row and check the new. */
export async function renameObject(
  q: Queryable,
  from: { bucketId: string; name: string },
  to: { bucketId: string; name: string; version: string; owner?: string },
): Promise<ObjectRow | undefined> {
  const r = await q.query<ObjectRow>(
    `update storage.objects set bucket_id = $3, name = $4, version = $5, owner = $6, owner_id = $7, updated_at = now()
     where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
    [
      from.bucketId,
      from.name,
      to.bucketId,
      to.name,
      to.version,
      isUuid(to.owner) ? to.owner : null,
      to.owner ?? null,
    ],
  );
  return r.rows[0];
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
