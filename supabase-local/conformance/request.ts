import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { Case, HttpResult, SentRequest } from './types.ts';

/** A case shape this runner cannot execute; reported as `unsupported: …`. */
export class UnsupportedCase extends Error {}

/** HARNESS §3.2: the only known `sign_with` key. */
export const SIGNING_SECRETS: Record<string, { alg: 'HS256'; secret: string }> = {
  hs256_test_secret: { alg: 'HS256', secret: 'reallyreallyreallyreallyverysafe' },
};

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** HS256 compact JWS of the payload exactly as given (HARNESS §3.1: never validate or coerce claims). */
export function mintHs256(payload: unknown, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/**
 * HARNESS §3 step 2: send the path raw, encoding only what node's http client refuses or would mangle —
 * control characters, space, DEL, non-ASCII (as UTF-8 %XX) and a `%` that does not start a valid escape.
 * Existing escapes, `+` and every reserved delimiter stay untouched.
 */
export function encodePath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const cp = path.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (cp > 0xffff) i++;
    if (ch === '%') {
      out += /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3)) ? '%' : '%25';
    } else if (cp > 0x20 && cp < 0x7f) {
      out += ch;
    } else {
      for (const byte of Buffer.from(ch, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** §3 step 4: the profile header a `schema:` label turns into, or null when none is injected. */
export function profileHeader(method: string, schema: string | undefined): [string, string] | null {
  if (schema === undefined || schema === 'public' || schema === 'test') return null;
  return [READ_METHODS.has(method.toUpperCase()) ? 'Accept-Profile' : 'Content-Profile', schema];
}

function hasHeader(headers: [string, string][], name: string): boolean {
  const lower = name.toLowerCase();
  return headers.some(([n]) => n.toLowerCase() === lower);
}

/** §3 step 5: body_raw > body_json > body; no key ⇒ no body. */
export function requestBody(req: Case['request']): string | null {
  if (Object.hasOwn(req, 'body_raw')) return String(req.body_raw ?? '');
  if (Object.hasOwn(req, 'body_json')) return JSON.stringify(req.body_json);
  if (Object.hasOwn(req, 'body')) return typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  return null;
}

/** The request a case describes (HARNESS §3), before it goes on the wire. */
export function buildRequest(c: Case, opts: { injectProfile: boolean }): SentRequest {
  const r = c.request;
  if (r.kind !== undefined && r.kind !== 'http') {
    throw new UnsupportedCase(`kind: ${r.kind}${r.flag ? ` (${r.flag})` : ''}`);
  }
  if (typeof r.method !== 'string' || typeof r.path !== 'string') {
    throw new UnsupportedCase('request has no method/path');
  }
  const method = r.method.toUpperCase();
  const headers: [string, string][] = Object.entries(r.headers ?? {}).map(([k, v]) => [k, String(v)]);
  if (opts.injectProfile) {
    const ph = profileHeader(method, c.schema);
    if (ph && !hasHeader(headers, ph[0])) headers.push(ph);
  }
  if (r.jwt !== undefined) {
    const signWith = r.jwt.sign_with ?? 'hs256_test_secret';
    const key = SIGNING_SECRETS[signWith];
    if (!key) throw new UnsupportedCase(`jwt.sign_with ${signWith}`);
    if (!hasHeader(headers, 'Authorization')) {
      headers.push(['Authorization', `Bearer ${mintHs256(r.jwt.payload ?? {}, key.secret)}`]);
    }
  }
  return { method, path: r.path, headers, body: requestBody(r) };
}

/** Node writes header bytes as latin1: pass UTF-8 bytes through unchanged that way. */
function wireHeaderValue(v: string): string {
  return [...v].some((ch) => ch.charCodeAt(0) > 0xff) ? Buffer.from(v, 'utf8').toString('latin1') : v;
}

/** Fold repeated headers (HARNESS §4): ', ' — except Set-Cookie, joined with '\n'. Names lowercased. */
export function foldHeaders(raw: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of raw) {
    const k = name.toLowerCase();
    out[k] = k in out ? `${out[k]}${k === 'set-cookie' ? '\n' : ', '}${value}` : value;
  }
  return out;
}

/**
 * One request over node:http — no decompression, no Accept-Encoding added — so Content-Length and the body
 * bytes are exactly what the server sent.
 */
export function sendRequest(
  port: number,
  sent: SentRequest,
  opts: { timeoutMs: number; agent?: http.Agent },
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const headers: [string, string][] = sent.headers.map(([k, v]) => [k, wireHeaderValue(v)]);
    const body = sent.body === null ? null : Buffer.from(sent.body, 'utf8');
    if (!hasHeader(headers, 'Content-Length') && !hasHeader(headers, 'Transfer-Encoding')) {
      if (body !== null) headers.push(['Content-Length', String(body.length)]);
      else if (!['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(sent.method))
        headers.push(['Content-Length', '0']);
    }
    // with raw (array) headers node adds no Host, and node's server answers 400 without one
    if (!hasHeader(headers, 'Host')) headers.unshift(['Host', `127.0.0.1:${port}`]);
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: '127.0.0.1',
        port,
        method: sent.method,
        path: encodePath(sent.path),
        headers: headers.flat(),
        agent: opts.agent ?? false,
        maxHeaderSize: 256 * 1024,
      });
    } catch (e) {
      reject(new Error(`runner could not build the request: ${(e as Error).message}`));
      return;
    }
    const timer = setTimeout(
      () => req.destroy(new Error(`no response within ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      res.on('end', () => {
        clearTimeout(timer);
        const rawHeaders: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          rawHeaders.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        }
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          headers: foldHeaders(rawHeaders),
          rawHeaders,
          body: Buffer.concat(chunks),
        });
      });
    });
    req.end(body ?? undefined);
  });
}
