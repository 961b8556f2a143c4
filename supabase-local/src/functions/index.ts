/**
 * The Edge Functions surface (/functions/v1/<name>/…): runs `supabase/functions/<name>/index.ts`
 * with real Deno, as the hosted edge runtime and `supabase functions serve` do:
 *
 * - `Deno.serve` handlers, one warm worker per function (workers.ts), the request passed through
 *   untouched (method, path `/<name>/…`, query, headers including Authorization, body);
 * - `verify_jwt` per function from config.toml `[functions.<name>]` (default true): the call needs a
 *   JWT of the project (HS256 with the secret, or ES256 with a key of its JWKS), else 401 as the edge
 *   runtime answers; OPTIONS is never checked, so CORS preflights reach the function, which answers
 *   them itself. The publishable/secret keys reach this check already swapped for the anon /
 *   service_role JWTs by the gateway, as under `supabase start`;
 * - secrets in the environment (env.ts);
 * - a handler that throws answers 500 WORKER_ERROR, a function that fails to start 503 BOOT_ERROR;
 *   either way the next call gets a fresh worker.
 */
import { existsSync, mkdtempSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { projectPaths, REPO_ROOT } from '../config.ts';
import { JwtFailure, type JwtVerifier } from '../jwt/verify.ts';
import { projectJwtVerifier, publishedJwks } from '../keys.ts';
import type { SurfaceContext, SurfaceFactory } from '../surface.ts';
import { functionEnv, readDotenv } from './env.ts';
import { localRazorpayEnv } from '../razorpay/keys.ts';
import { BootError, FunctionWorker, type WorkerSpec } from './workers.ts';

export interface FunctionsOptions {
  /** default: <repo>/supabase/functions */
  functionsDir?: string;
  /** default: <functionsDir>/.env */
  envFile?: string;
  /** the environment whose variables reach functions as secrets (default: process.env) */
  env?: NodeJS.ProcessEnv;
  /** the deno binary (default: SUPABASE_LOCAL_DENO, else the `deno` npm package's) */
  denoPath?: string;
  /** where function output goes (default: the console, prefixed with the function's name) */
  log?: WorkerSpec['log'];
  bootTimeoutMs?: number;
  /** a call's wall-clock limit (the CLI's default: 400 s) */
  wallClockMs?: number;
  /** restart a function's worker when its files change (default true) */
  watch?: boolean;
}

/** The deno binary the `deno` npm package installed (its postinstall puts it beside bin.cjs). */
export function denoBinary(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.SUPABASE_LOCAL_DENO?.trim();
  if (explicit) return explicit;
  const pkg = createRequire(import.meta.url).resolve('deno/package.json');
  const bin = join(dirname(pkg), process.platform === 'win32' ? 'deno.exe' : 'deno');
  if (!existsSync(bin)) {
    throw new Error(
      `Deno binary not found at ${bin}: run \`pnpm install\` (the deno package's install script puts it there)`,
    );
  }
  return bin;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function functionsSurface(options: FunctionsOptions = {}): SurfaceFactory {
  return (ctx) => {
    const functionsDir = resolve(options.functionsDir ?? projectPaths().functionsDir);
    const envFile = options.envFile ?? join(functionsDir, '.env');
    const processEnv = options.env ?? process.env;
    let writeDir: string | undefined; // the functions' /tmp, made when the first worker starts
    const log = options.log ?? defaultLog;
    const verifier = projectJwtVerifier(ctx.keys);
    const workers = new Map<string, FunctionWorker>();
    const starting = new Map<string, Promise<FunctionWorker>>();
    const watchers = new Map<string, FSWatcher>();
    let denoPath: string | undefined;

    const entrypointOf = (name: string): string | undefined => {
      const configured = ctx.config.functions[name]?.entrypoint;
      const file =
        typeof configured === 'string'
          ? resolve(dirname(functionsDir), configured)
          : join(functionsDir, name, 'index.ts');
      return existsSync(file) && statSync(file).isFile() ? realpathSync(file) : undefined;
    };

    const start = async (name: string, entrypoint: string): Promise<FunctionWorker> => {
      denoPath ??= options.denoPath ?? denoBinary(processEnv);
      writeDir ??= mkdtempSync(join(tmpdir(), 'supabase-local-functions-'));
      const w = new FunctionWorker({
        name,
        entrypoint,
        cwd: dirname(entrypoint),
        env: envFor(ctx, processEnv, envFile),
        denoPath,
        readDirs: [
          ...new Set([
            REPO_ROOT,
            functionsDir,
            dirname(entrypoint),
            writeDir,
            ...denoDirs({ ...process.env, ...processEnv }),
          ]),
        ],
        writeDir,
        bootTimeoutMs: options.bootTimeoutMs ?? 30_000,
        wallClockMs: options.wallClockMs ?? 400_000,
        log,
      });
      workers.set(name, w);
      if (options.watch !== false && !watchers.has(name)) watchFunction(name, dirname(entrypoint));
      await w.ready;
      return w;
    };

    const watchFunction = (name: string, dir: string) => {
      try {
        const watcher = watch(dir, { recursive: true }, () => workers.get(name)?.retire());
        watcher.on('error', () => watcher.close());
        watchers.set(name, watcher);
      } catch {
        // no recursive watch on this platform: edits need a restart
      }
    };

    const workerFor = (name: string, entrypoint: string): Promise<FunctionWorker> => {
      const w = workers.get(name);
      if (w?.usable) return w.ready.then(() => w);
      let p = starting.get(name);
      if (!p) {
        p = start(name, entrypoint).finally(() => starting.delete(name));
        starting.set(name, p);
      }
      return p;
    };

    const handle = async (req: IncomingMessage, res: ServerResponse, target: string): Promise<void> => {
      const path = target.split('?')[0]!;
      const name = path.split('/')[1] ?? '';
      const entrypoint = NAME.test(name) ? entrypointOf(name) : undefined;
      if (!entrypoint || ctx.config.functions[name]?.enabled === false) {
        return send(res, 404, 'Function not found');
      }
      if (req.method !== 'OPTIONS' && ctx.config.functions[name]?.verify_jwt !== false) {
        const refusal = await checkJwt(req.headers.authorization, verifier);
        if (refusal) return send(res, 401, { msg: refusal });
      }
      let worker: FunctionWorker;
      try {
        worker = await workerFor(name, entrypoint);
      } catch (e) {
        log(name, 'stderr', e instanceof BootError ? e.message : String(e));
        return send(res, 503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
      }
      await worker.proxy(req, res, target);
    };

    return {
      handle,
      async close() {
        for (const w of watchers.values()) w.close();
        await Promise.all([...workers.values()].map((w) => w.kill()));
        if (writeDir) await rm(writeDir, { recursive: true, force: true });
      },
    };
  };
}

/**
 * verify_jwt as the CLI's edge runtime main does it (verifyHybridJWT): an HS256 token against the
 * secret, an ES256/RS256 one against the JWKS, through the one verifier. Its answers: "Missing
 * authorization header", a non-Bearer header, a header jose cannot read, else "Invalid JWT".
 */
async function checkJwt(
  authorization: string | undefined,
  verifier: JwtVerifier,
): Promise<string | undefined> {
  if (!authorization) return 'Error: Missing authorization header';
  const [scheme, token] = authorization.split(' ');
  if (scheme !== 'Bearer') return "Error: Auth header is not 'Bearer {token}'";
  try {
    await verifier.verify(token ?? '', { algorithms: ['HS256', 'ES256', 'RS256'] });
    return undefined;
  } catch (e) {
    if (!(e instanceof JwtFailure)) throw e;
    // jose.decodeProtectedHeader's TypeError, which the runtime reports as it is
    if (e.reason === 'header') return 'TypeError: Invalid Token or Protected Header formatting';
    return 'Invalid JWT';
  }
}

/** What Deno itself needs to run (its cache folder, PATH), whatever the secrets' environment is. */
const RUNTIME_VARS = ['HOME', 'PATH', 'DENO_DIR', 'XDG_CACHE_HOME', 'TMPDIR', 'LANG'];

function envFor(ctx: SurfaceContext, processEnv: NodeJS.ProcessEnv, envFile: string): Record<string, string> {
  const dbUrl = ctx.db.kind === 'postgres' ? processEnv.DATABASE_URL : undefined;
  const runtime = Object.fromEntries(
    RUNTIME_VARS.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
  );
  return functionEnv({
    // The Razorpay sandbox's test keys unless the environment or supabase/functions/.env set others
    // (only while the sandbox is served: development surfaces on, server.ts).
    processEnv: { ...(ctx.devSurfaces ? localRazorpayEnv(ctx.apiUrl()) : {}), ...runtime, ...processEnv },
    dotenv: readDotenv(envFile),
    apiUrl: ctx.apiUrl(),
    anonKey: ctx.keys.anonKey,
    serviceRoleKey: ctx.keys.serviceRoleKey,
    publishableKey: ctx.keys.publishableKey,
    secretKey: ctx.keys.secretKey,
    jwks: JSON.stringify(publishedJwks(ctx.keys)),
    dbUrl,
  });
}

function denoDirs(env: NodeJS.ProcessEnv): string[] {
  return env.DENO_DIR ? [resolve(env.DENO_DIR)] : [];
}

function send(res: ServerResponse, status: number, body: string | object): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function defaultLog(name: string, stream: 'stdout' | 'stderr', line: string): void {
  (stream === 'stderr' ? console.error : console.log)(`[functions:${name}] ${line}`);
}
