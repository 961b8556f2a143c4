/**
 * Storage's errors, as supabase/storage renders them: a body `{ statusCode, code, error, message }`
 * where `statusCode` is the error's own status as a string, while the HTTP status is 400 for every
 * client error (500 for server errors; 403 for the few JWT-role checks). storage-js reads both, so we
 * keep that quirk: `error.status` is 400 and `error.statusCode` is '404', '409', '413', …
 */
import type { ServerResponse } from 'node:http';

export type StorageErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'InvalidJWT'
  | 'InvalidRequest'
  | 'EntityTooLarge'
  | 'InternalError'
  | 'ResourceAlreadyExists'
  | 'ResourceNotEmpty'
  | 'InvalidBucketName'
  | 'InvalidKey'
  | 'InvalidMimeType'
  | 'KeyAlreadyExists'
  | 'InvalidSignature'
  | 'ExpiredToken'
  | 'AccessDenied'
  | 'DatabaseError'
  | 'MissingParameter'
  | 'InvalidParameter'
  | 'NotFound';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    /** the status Storage names in the body */
    readonly status: number,
    message: string,
    /** Storage's older `error` label, when it has one (else the code) */
    readonly label?: string,
    /** the HTTP status sent (Storage: 400 for client errors, 500 for server errors) */
    readonly httpStatus: number = status >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body() {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.label ?? this.code,
      message: this.message,
    };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${printable(key)}`),
  invalidBucketName: (name: string) =>
    new StorageError('InvalidBucketName', 400, `Bucket name invalid: ${printable(name)}`, 'Invalid Input'),
  accessDenied: (message = 'Access denied') => new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError('InvalidJWT', 400, message),
  invalidSignature: (message = 'Invalid signature') => new StorageError('InvalidSignature', 400, message),
  expiredSignature: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  keyAlreadyExists: () =>
    new StorageError('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      'EntityTooLarge',
      413,
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  invalidMimeType: (mime: string) =>
    new StorageError(
      'InvalidMimeType',
      415,
      `mime type ${printable(mime)} is not supported`,
      'invalid_mime_type',
    ),
  invalidRequest: (message: string) => new StorageError('InvalidRequest', 400, message),
  invalidParameter: (name: string, message?: string) =>
    new StorageError('InvalidParameter', 400, message ?? `Invalid Parameter ${name}`),
  missingParameter: (name: string) =>
    new StorageError('MissingParameter', 400, `Missing Required Parameter ${name}`),
  noContent: (message = 'No content provided') => new StorageError('InvalidRequest', 400, message),
  /** a body over the JSON limit: Fastify's own error, with its real status */
  bodyTooLarge: () =>
    new StorageError('EntityTooLarge', 413, 'Request body is too large', 'Payload Too Large', 413),
  routeNotFound: (method: string, path: string) =>
    new StorageError('NotFound', 404, `Route ${method}:${path} not found`, 'Not Found', 404),
  internal: (message = 'Internal server error') => new StorageError('InternalError', 500, message),
};

/** Keys in messages: control characters (NUL, newlines) shown escaped, and never too long. */
function printable(s: string): string {
  const shown = JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);
  return shown.slice(1, -1);
}

/** Postgres errors as Storage maps them (DBError.fromDBError). */
export function fromPgError(e: unknown): StorageError {
  const pg = e as { code?: string; message?: string };
  switch (pg.code) {
    case '42501':
      return errors.accessDenied(
        pg.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : pg.message,
      );
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return new StorageError('InvalidRequest', 404, 'The related resource does not exist');
    case '22023': // set role to a role that does not exist (a JWT with an unknown role claim)
    case '42704':
      return errors.accessDenied(pg.message);
    case '22P02':
      return errors.invalidParameter('value', pg.message);
    default:
      return new StorageError('DatabaseError', 500, `database error, code: ${pg.code ?? 'unknown'}`);
  }
}

export function toStorageError(e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  if (e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string') {
    const code = (e as { code: string }).code;
    if (/^[0-9A-Z]{5}$/.test(code)) return fromPgError(e);
  }
  return errors.internal();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, e: StorageError, headers: Record<string, string> = {}): void {
  sendJson(res, e.httpStatus, e.body(), headers);
}
