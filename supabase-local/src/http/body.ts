/**
 * The one request-body reader of supabase-local's surfaces (REST, Auth, Storage's JSON and multipart
 * bodies, the Razorpay sandbox). It only reads bytes and enforces a size limit; what a refused body
 * is called is the surface's business: each maps `BodyTooLargeError` to its upstream's wording
 * (PostgREST's 413 PGRST102, GoTrue's 413 request_entity_too_large, Storage's EntityTooLarge …).
 *
 * - A declared Content-Length over the limit is refused before a byte is kept.
 * - A body that grows past the limit (chunked, or lying about its length) stops being kept at the
 *   limit.
 * - Either way the rest of a refused body is read away, up to `drainCap` bytes, so that the client,
 *   still sending, gets the answer instead of a connection reset; past the cap the socket is
 *   destroyed (a client streaming without end gets no answer, and holds nothing).
 * - A client that goes away mid-body makes the read fail with the stream's own error.
 */
import type { IncomingMessage } from 'node:http';

/** What a refused body is read away up to, by default, before the socket is given up. */
export const DEFAULT_DRAIN_CAP = 64 * 1024 * 1024;

export interface BodyLimit {
  /** the largest body accepted, in bytes */
  limit: number;
  /** how much of a refused body is read away so the answer gets through (default 64 MiB) */
  drainCap?: number;
}

/** The body was larger than `limit` bytes (`declared`: its Content-Length said so up front). */
export class BodyTooLargeError extends Error {
  constructor(
    readonly limit: number,
    readonly declared: boolean,
  ) {
    super(`request body larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The Content-Length header as a number, when sent and well-formed. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/** The whole body, or `BodyTooLargeError` past `limit` bytes. */
export async function readBody(req: IncomingMessage, { limit, drainCap }: BodyLimit): Promise<Buffer> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) {
    await drainBody(req, drainCap);
    throw new BodyTooLargeError(limit, true);
  }
  const cap = drainCap ?? DEFAULT_DRAIN_CAP;
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (over || size > limit) {
        // keep reading (and dropping) so that the answer reaches a client still sending
        if (!over) chunks.length = 0;
        over = true;
        if (size - limit > cap) {
          req.destroy();
          break;
        }
        continue;
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if (!over) throw e;
    // the client went away while a refused body was read away: the refusal stands
  }
  if (over) throw new BodyTooLargeError(limit, false);
  return Buffer.concat(chunks, size);
}

/** The whole body as UTF-8 text (a BOM is kept: the surfaces decide what it means). */
export async function readText(req: IncomingMessage, limit: BodyLimit): Promise<string> {
  return (await readBody(req, limit)).toString('utf8');
}

/**
 * Reads and discards what is left of a body (up to `cap` bytes; past it the socket is destroyed), so
 * that an answer sent while the client is still sending reaches it.
 */
export async function drainBody(req: IncomingMessage, cap = DEFAULT_DRAIN_CAP): Promise<void> {
  if (req.readableEnded) return;
  let n = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      n += chunk.length;
      if (n > cap) {
        req.destroy();
        return;
      }
    }
  } catch {
    // the client went away: nothing left to read
  }
}
