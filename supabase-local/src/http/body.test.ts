import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBody } from './body.ts';

/** A server that answers what readBody gave it: `ok <bytes>` or `413 declared|grown`. */
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    readBody(req, { limit: 1000, drainCap: 1 << 20 }).then(
      (b) => res.end(`ok ${b.length} ${b.subarray(0, 3).toString()}`),
      (e: unknown) => {
        res.statusCode = e instanceof BodyTooLargeError ? 413 : 500;
        res.end(e instanceof BodyTooLargeError ? (e.declared ? 'declared' : 'grown') : String(e));
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function chunked(parts: number, size: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < parts; i++) c.enqueue(new TextEncoder().encode('y'.repeat(size)));
      c.close();
    },
  });
}

describe('readBody', () => {
  it.each([
    ['an empty body', '', 200, 'ok 0 '],
    ['a body at the limit', 'a'.repeat(1000), 200, 'ok 1000 aaa'],
    ['a declared length over the limit (refused before reading)', 'b'.repeat(1001), 413, 'declared'],
  ])('%s', async (_name, body, status, text) => {
    const res = await fetch(url, { method: 'POST', body });
    expect([res.status, await res.text()]).toEqual([status, text]);
  });

  it.each([
    ['a chunked body under the limit', 2, 400, 200, 'ok 800 yyy'],
    ['a chunked body growing past the limit (read away, then refused)', 10, 500, 413, 'grown'],
  ])('%s', async (_name, parts, size, status, text) => {
    const init = { method: 'POST', body: chunked(parts, size), duplex: 'half' } as RequestInit;
    const res = await fetch(url, init);
    expect([res.status, await res.text()]).toEqual([status, text]);
  });

  it('gives up the socket of a refused body past the drain cap', async () => {
    const init = { method: 'POST', body: chunked(40, 64 * 1024), duplex: 'half' } as RequestInit;
    await expect(fetch(url, init).then((r) => r.text())).rejects.toThrow();
  });
});
