import { checkExpect } from './assert.ts';
import { routeCase, type InstancePool } from './instances.ts';
import { buildRequest, sendRequest, UnsupportedCase } from './request.ts';
import type { Case, HttpResult, SentRequest } from './types.ts';

export interface CaseRun {
  c: Case;
  errors: string[];
  instance?: string;
  sent?: SentRequest;
  response?: HttpResult;
  ms: number;
}

export interface ExecuteContext {
  pool: InstancePool;
  connectingUser: string;
  timeoutMs: number;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Route, send and check one case. Never throws: every problem becomes a failure message. */
export async function runCase(c: Case, ctx: ExecuteContext): Promise<CaseRun> {
  const t0 = performance.now();
  const done = (run: Omit<CaseRun, 'c' | 'ms'>): CaseRun => ({ c, ms: performance.now() - t0, ...run });
  if (c.request.kind === 'cli') {
    return done({ errors: [`unsupported: kind: cli${c.request.flag ? ` (${c.request.flag})` : ''}`] });
  }
  let spec;
  let sent: SentRequest;
  try {
    spec = routeCase(c, ctx.connectingUser);
    sent = buildRequest(c, { injectProfile: spec.injectProfile });
  } catch (e) {
    return done({
      errors: [e instanceof UnsupportedCase ? `unsupported: ${e.message}` : `runner: ${message(e)}`],
    });
  }
  if (!('status' in c.expect)) {
    return done({ instance: spec.name, sent, errors: ['unsupported: HTTP case without expect.status'] });
  }
  let port: number;
  try {
    port = (await ctx.pool.get(spec)).port;
  } catch (e) {
    return done({
      instance: spec.name,
      sent,
      errors: [`instance ${spec.name} failed to start: ${message(e)}`],
    });
  }
  let response: HttpResult;
  try {
    response = await sendRequest(port, sent, { timeoutMs: ctx.timeoutMs });
  } catch (e) {
    return done({ instance: spec.name, sent, errors: [`request failed: ${message(e)}`] });
  }
  return done({ instance: spec.name, sent, response, errors: checkExpect(c.expect, response) });
}

/** Run tasks with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}
