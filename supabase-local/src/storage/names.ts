/**
 * What Storage accepts as bucket names, object keys, sizes and MIME types.
 *
 * Keys: Storage's own rule (S3-safe characters only, so no NUL, no backslash, no control or
 * non-ASCII characters), plus what a file-backed store needs to stay inside its folder: no empty,
 * `.` or `..` segment, no leading `/`, no segment longer than a file name may be.
 */
import { errors } from './errors.ts';

// Storage's character classes (src/storage/limits.ts); the hyphen is last so it stays literal.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
const MAX_SEGMENT_BYTES = 255;
const MAX_KEY_BYTES = 1024;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || !VALID_OBJECT_KEY.test(key) || Buffer.byteLength(key) > MAX_KEY_BYTES) return false;
  return key
    .split('/')
    .every((s) => s !== '' && s !== '.' && s !== '..' && Buffer.byteLength(s) <= MAX_SEGMENT_BYTES);
}

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (key === undefined || !isValidKey(key)) throw errors.invalidKey(key ?? '');
}

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 && name.length < 101 && VALID_BUCKET_NAME.test(name) && name !== '.' && name !== '..'
  );
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (name === undefined || !isValidBucketName(name) || name.trim() !== name)
    throw errors.invalidBucketName(name ?? '');
}

/** A path segment from the URL, percent-decoded; malformed escapes make the key invalid. */
export function decodeSegment(raw: string, kind: 'key' | 'bucket'): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw kind === 'key' ? errors.invalidKey(raw) : errors.invalidBucketName(raw);
  }
}

/**
 * A bucket's file_size_limit as given to the API: bytes, or "20GB" / "20MB" / "30KB" / "3B"
 * (decimal units, as Storage's parseFileSizeToBytes).
 */
export function parseFileSize(value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw invalidSize();
    return Math.floor(value);
  }
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value.trim());
  if (!m) throw invalidSize();
  const n = Number(parseFloat(m[1]!).toPrecision(3));
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[m[2]!.toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return Math.floor(n * unit);
}

const invalidSize = () =>
  errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');

/**
 * config.toml's [storage] file_size_limit: the CLI accepts binary units too ("50MiB"), as well as
 * the decimal ones.
 */
export function parseConfigSize(value: string): number {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(b|kb|mb|gb|kib|mib|gib)?\s*$/i.exec(value);
  if (!m) throw new Error(`[storage] file_size_limit: cannot read "${value}" (use e.g. "50MiB" or "5MB")`);
  const units: Record<string, number> = {
    b: 1,
    kb: 1e3,
    mb: 1e6,
    gb: 1e9,
    kib: 1024,
    mib: 1024 ** 2,
    gib: 1024 ** 3,
  };
  return Math.floor(Number(m[1]) * units[(m[2] ?? 'b').toLowerCase()]!);
}

/** Storage's check of a bucket's allowed_mime_types entries. */
export function validateAllowedMimeTypes(types: string[]): void {
  for (const t of types) {
    if (
      typeof t !== 'string' ||
      t.length > 1000 ||
      !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(t)
    ) {
      throw errors.invalidMimeType(String(t));
    }
  }
}

/** An upload's MIME type against the bucket's allowed list (`image/*` wildcards allowed). */
export function checkMimeType(mimeType: string, allowed: string[]): void {
  const [type, sub] = mimeType.split(';')[0]!.trim().split('/');
  if (!type || sub === undefined) throw errors.invalidMimeType(mimeType);
  const ok = allowed.some((a) => {
    const [aType, aSub] = a.split(';')[0]!.trim().split('/');
    return aType === type && (aSub === '*' || aSub === sub);
  });
  if (!ok) throw errors.invalidMimeType(mimeType);
}
