/**
 * The load generator's HTTP client: node:http over kept-alive sockets. Node's fetch (undici) spent
 * ~4× the CPU per request on this machine's 2 cores (0.69 vs 0.16 ms, 8 concurrent loops against a
 * bare server), CPU the REST engine and PostgreSQL then lacked: during the place_order run the load
 * generator took a third of a core (supabase/bench/catalog/README.md, "place_order: generic plans, no
 * EXPLAIN per call, a lighter load generator").
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Reply {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request; the whole answer as text (no redirects, no decompression: the REST engine sends neither here). */
export function request(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | undefined },
): Promise<Reply> {
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  const headers =
    body === undefined ? init.headers : { ...init.headers, 'Content-Length': String(body.length) };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A header's value, as fetch's Headers.get gives it. */
export function header(reply: Reply, name: string): string | null {
  const v = reply.headers[name.toLowerCase()];
  return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
}
