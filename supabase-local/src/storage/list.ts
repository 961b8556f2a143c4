/**
 * `POST /object/list/:bucket` (storage-js `list(prefix, { limit, offset, sortBy, search })`): one
 * level under a folder, as Storage's `storage.search()` answers it. Names are relative to the prefix;
 * a deeper object shows as its folder (a row with null id and metadata); `search` keeps names that
 * start with it (case-insensitive, like the prefix). Sorting by name interleaves folders and files
 * (lower-case, byte order); by another column, folders come first. Runs as the caller, so RLS
 * decides which objects exist.
 */
import type { Queryable } from '../db/types.ts';

export type SortColumn = 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortBy: { column: SortColumn; order: 'asc' | 'desc' };
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

/** Storage caps one page at 1500 entries. */
export const MAX_LIST_LIMIT = 1500;

export async function listObjects(q: Queryable, bucketId: string, o: ListOptions): Promise<ListEntry[]> {
  const dir = o.sortBy.order === 'desc' ? 'desc' : 'asc';
  const order =
    o.sortBy.column === 'name'
      ? `lower(name) collate "C" ${dir}, name collate "C" ${dir}`
      : `folder desc, case when folder then lower(name) end collate "C" ${dir}, ${o.sortBy.column} ${dir}, name collate "C"`;
  const r = await q.query<ListEntry>(
    `with matched as (
       select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
              substr(o.name, char_length($2) + 1) as rest
       from storage.objects o
       where o.bucket_id = $1
         and lower(left(o.name, char_length($2))) = lower($2)
         and starts_with(lower(substr(o.name, char_length($2) + 1)), lower($3))
     ), entries as (
       select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
              true as folder
       from matched where strpos(rest, '/') > 0
       group by split_part(rest, '/', 1)
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata, false
       from matched where strpos(rest, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata from entries
     order by ${order}
     limit $4 offset $5`,
    [bucketId, o.prefix, o.search, Math.min(o.limit, MAX_LIST_LIMIT), o.offset],
  );
  return r.rows;
}
