/**
 * Request bodies: small JSON documents for the API calls, and uploads either raw (the body is the
 * file; Content-Type, Cache-Control and x-metadata in headers) or multipart/form-data (storage-js
 * with a Blob or FormData: `cacheControl`, `metadata`, `contentType` fields, then the file part).
 *
 * What can be checked before any byte is stored is checked first (declared size, MIME type), so a
 * refused upload writes nothing. JSON and multipart bodies are read by the one body reader
 * (../http/body.ts); its refusal becomes Storage's 413 (Payload too large / EntityTooLarge).
 */
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '../http/body.ts';
import { errors, StorageError } from './errors.ts';
import { checkMimeType } from './names.ts';

/** JSON bodies (bucket settings, lists of up to 1000 keys) stay well under this. */
const JSON_LIMIT = 5 * 1024 * 1024;
/** Room for a multipart body's boundaries and its text fields (user metadata is at most 1 MiB). */
const MULTIPART_OVERHEAD = 1024 * 1024 + 64 * 1024;
const MAX_USER_METADATA = 1024 * 1024;

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body: Buffer;
  try {
    body = await readBody(req, { limit: JSON_LIMIT });
  } catch (e) {
    throw e instanceof BodyTooLargeError ? errors.bodyTooLarge() : e;
  }
  const text = body.toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new StorageError('InvalidRequest', 400, (e as Error).message, 'Bad Request', 400);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new StorageError('InvalidRequest', 400, 'body must be object', 'Bad Request', 400);
  }
  return value as Record<string, unknown>;
}

export interface UploadHead {
  mimeType: string;
  cacheControl: string;
  userMetadata?: Record<string, unknown>;
  /** raw uploads: the body is still to be read; multipart: the file's bytes, already read */
  bytes?: Uint8Array;
  /** Content-Length of a raw upload, when sent */
  declaredLength?: number;
}

/**
 * What an upload says about itself. Raw bodies are not read here (their declared size is checked);
 * multipart bodies are read (at most limit + overhead) and parsed.
 */
export async function readUploadHead(
  req: IncomingMessage,
  limit: number,
  allowedMimeTypes: string[] | null,
): Promise<UploadHead> {
  const contentType = req.headers['content-type'] ?? '';
  const checkMime = (mime: string) => {
    if (allowedMimeTypes && allowedMimeTypes.length > 0) checkMimeType(mime, allowedMimeTypes);
  };
  if (/^multipart\/form-data/i.test(contentType)) {
    const form = await readForm(req, contentType, limit + MULTIPART_OVERHEAD);
    let file: File | undefined;
    form.forEach((v) => {
      if (!file && typeof v !== 'string') file = v;
    });
    if (!file) throw errors.noContent();
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : undefined;
    };
    const mimeType = field('contentType') || file.type || 'application/octet-stream';
    checkMime(mimeType);
    if (file.size > limit) throw errors.entityTooLarge();
    const cache = field('cacheControl');
    const md = field('metadata') ?? field('userMetadata');
    return {
      mimeType,
      cacheControl: cache ? `max-age=${cache}` : 'no-cache',
      userMetadata: md === undefined ? undefined : parseMetadataJson(md),
      bytes: new Uint8Array(await file.arrayBuffer()),
    };
  }
  const mimeType = contentType || 'application/octet-stream';
  checkMime(mimeType);
  const declared = Number(req.headers['content-length']);
  const declaredLength =
    req.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : undefined;
  if (declaredLength !== undefined && declaredLength > limit) throw errors.entityTooLarge();
  const xMetadata = req.headers['x-metadata'];
  return {
    mimeType,
    cacheControl:
      typeof req.headers['cache-control'] === 'string' ? req.headers['cache-control'] : 'no-cache',
    userMetadata:
      typeof xMetadata === 'string'
        ? parseMetadataJson(Buffer.from(xMetadata, 'base64').toString('utf8'))
        : undefined,
    declaredLength,
  };
}

async function readForm(req: IncomingMessage, contentType: string, cap: number): Promise<FormData> {
  let body: Buffer;
  try {
    body = await readBody(req, { limit: cap });
  } catch (e) {
    throw e instanceof BodyTooLargeError ? errors.entityTooLarge() : e;
  }
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw errors.noContent('Invalid multipart/form-data body');
  }
}

function parseMetadataJson(text: string): Record<string, unknown> | undefined {
  if (Buffer.byteLength(text) > MAX_USER_METADATA) throw errors.entityTooLarge('user_metadata');
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
