/**
 * One request to the storage surface, and the services a route handler works with.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/types.ts';
import type { Caller, StorageAuth } from './auth.ts';
import type { RequestInfo } from './db.ts';
import { errors } from './errors.ts';
import type { FileStore } from './files.ts';
import { decodeSegment, mustBeValidBucketName, mustBeValidKey } from './names.ts';

export interface StorageServices {
  db: Db;
  auth: StorageAuth;
  files: FileStore;
  /** [storage] file_size_limit: no object may be larger, whatever its bucket says */
  globalFileSizeLimit: number;
}

export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** the raw (still percent-encoded) path segments after /storage/v1 */
  segments: string[];
  query: URLSearchParams;
  info: RequestInfo;
  s: StorageServices;
  /** the caller from the Authorization header (AccessDenied without a valid JWT, unless allowed) */
  caller(allowAnonymous?: boolean): Promise<Caller>;
}

export type Handler = (call: Call) => Promise<void>;

/** `segments[from]` as a bucket id. */
export function bucketAt(call: Call, from: number): string {
  const raw = call.segments[from];
  const name = raw === undefined ? undefined : decodeSegment(raw, 'bucket');
  mustBeValidBucketName(name);
  return name;
}

/** `segments[from..]` joined as an object key. */
export function keyFrom(call: Call, from: number): string {
  const rest = call.segments.slice(from);
  if (rest.length === 0) throw errors.invalidKey('');
  const key = decodeSegment(rest.join('/'), 'key');
  mustBeValidKey(key);
  return key;
}
