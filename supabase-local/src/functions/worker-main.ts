/**
 * Runs under Deno, not Node: the bootstrap of one function's worker process (workers.ts spawns it).
 *
 * It takes over `Deno.serve` before importing the function, so the function's own
 * `Deno.serve(handler)` listens on a private port of 127.0.0.1 (announced on stdout with a nonce),
 * and a handler that throws answers 500 WORKER_ERROR, as the hosted edge runtime does, with a
 * private header that tells supabase-local to replace this worker before the next call.
 * `EdgeRuntime.waitUntil` exists as on the hosted runtime. The worker exits when its parent goes
 * away (stdin closes) or when the function never calls Deno.serve.
 */
type Handler = (req: Request, info: unknown) => Response | Promise<Response>;
type ServeOptions = Record<string, unknown> & {
  handler?: Handler;
  onError?: (e: unknown) => Response | Promise<Response>;
};

interface DenoApi {
  env: { get(name: string): string | undefined; delete(name: string): void };
  serve: (...args: unknown[]) => unknown;
  exit(code: number): never;
  stdin: { read(buf: Uint8Array): Promise<number | null> };
}

const D = (globalThis as unknown as { Deno: DenoApi }).Deno;
const INTERNAL = ['SUPABASE_LOCAL_ENTRYPOINT', 'SUPABASE_LOCAL_READY_NONCE', 'SUPABASE_LOCAL_FUNCTION'];
const entrypoint = D.env.get('SUPABASE_LOCAL_ENTRYPOINT') ?? '';
const nonce = D.env.get('SUPABASE_LOCAL_READY_NONCE') ?? '';
const name = D.env.get('SUPABASE_LOCAL_FUNCTION') ?? 'function';
for (const k of INTERNAL) D.env.delete(k);

// workers.ts strips this header and replaces the worker before the next call
const CRASH_HEADER = 'x-supabase-local-worker-error';

function workerError(e: unknown): Response {
  console.error(e);
  return new Response(
    JSON.stringify({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }),
    { status: 500, headers: { 'content-type': 'application/json', [CRASH_HEADER]: '1' } },
  );
}

const serve = D.serve.bind(D);
let served = false;

D.serve = (...args: unknown[]) => {
  let options: ServeOptions = {};
  let handler: Handler | undefined;
  if (typeof args[0] === 'function') handler = args[0] as Handler;
  else {
    options = { ...((args[0] as ServeOptions | undefined) ?? {}) };
    handler = typeof args[1] === 'function' ? (args[1] as Handler) : options.handler;
  }
  if (!handler) throw new TypeError('Deno.serve: no handler given');
  if (served)
    throw new Error(`supabase-local: ${name} called Deno.serve twice; a function serves one handler`);
  served = true;
  const userHandler = handler;
  const onError = options.onError;
  const wrapped: Handler = async (req, info) => {
    try {
      const res = await userHandler(req, info);
      if (!(res instanceof Response)) throw new TypeError('the handler did not return a Response');
      return res;
    } catch (e) {
      if (onError) {
        try {
          return await onError(e);
        } catch (again) {
          return workerError(again);
        }
      }
      return workerError(e);
    }
  };
  const {
    port: _port,
    hostname: _hostname,
    onListen: _onListen,
    handler: _h,
    onError: _e,
    ...rest
  } = options;
  return serve(
    {
      ...rest,
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }: { port: number }) => console.log(`SUPABASE_LOCAL_READY ${nonce} ${port}`),
      onError: workerError,
    },
    wrapped,
  );
};

(globalThis as unknown as { EdgeRuntime: unknown }).EdgeRuntime = {
  waitUntil(p: Promise<unknown>) {
    Promise.resolve(p).catch((e) => console.error(e));
  },
};

// The parent closes our stdin when it stops (or dies): never outlive it.
void (async () => {
  const buf = new Uint8Array(64);
  try {
    while ((await D.stdin.read(buf)) !== null) {
      // nothing is sent on stdin
    }
  } catch {
    // closed
  }
  D.exit(0);
})();

try {
  await import(entrypoint);
} catch (e) {
  console.error(e);
  D.exit(1);
}
if (!served) {
  console.error(`supabase-local: ${name} did not call Deno.serve(...) when its module loaded`);
  D.exit(1);
}

export {};
