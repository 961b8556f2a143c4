/**
 * One long-lived Deno process per function (the hosted edge runtime keeps a warm worker per
 * function too): spawned on the function's first call, listening on a private port of 127.0.0.1,
 * every call proxied to it, streaming both ways.
 *
 * A worker is replaced (the old one stops once its calls in flight end) when its handler threw,
 * when it died, when it overran the wall-clock limit, or when the function's files change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  Agent,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const WORKER_MAIN = fileURLToPath(new URL('./worker-main.ts', import.meta.url));
/** Set by worker-main.ts on the 500 it answers for a handler that threw. */
const CRASH_HEADER = 'x-supabase-local-worker-error';
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
];

export interface WorkerSpec {
  name: string;
  /** the function's index.ts (absolute) */
  entrypoint: string;
  /** the process's working folder (the function's folder) */
  cwd: string;
  env: Record<string, string>;
  denoPath: string;
  /** folders the function may read; it may write only to writeDir (/tmp on the hosted runtime) */
  readDirs: string[];
  writeDir: string;
  bootTimeoutMs: number;
  wallClockMs: number;
  log: (name: string, stream: 'stdout' | 'stderr', line: string) => void;
}

export class BootError extends Error {}

type Outcome = { status: number; body: { code: string; message: string } };

const WORKER_ERROR: Outcome = {
  status: 500,
  body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
};
const WORKER_LIMIT: Outcome = {
  status: 546,
  body: {
    code: 'WORKER_LIMIT',
    message: 'Worker failed to respond due to a resource limit (please check logs)',
  },
};

export class FunctionWorker {
  readonly ready: Promise<void>;
  private readonly proc: ChildProcess;
  private readonly agent = new Agent({ keepAlive: true });
  private port = 0;
  private inflight = 0;
  private retiring = false;
  private dead = false;
  private readonly recentErrors: string[] = [];

  constructor(private readonly spec: WorkerSpec) {
    const nonce = randomBytes(12).toString('hex');
    const args = [
      'run',
      '--quiet',
      '--no-prompt',
      '--no-lock',
      '--allow-net',
      '--allow-env',
      '--allow-sys',
      `--allow-read=${spec.readDirs.join(',')}`,
      `--allow-write=${spec.writeDir}`,
      WORKER_MAIN,
    ];
    this.proc = spawn(spec.denoPath, args, {
      cwd: spec.cwd,
      env: {
        ...spec.env,
        SUPABASE_LOCAL_ENTRYPOINT: pathToFileURL(spec.entrypoint).href,
        SUPABASE_LOCAL_READY_NONCE: nonce,
        SUPABASE_LOCAL_FUNCTION: spec.name,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.proc.stdin?.on('error', () => {});
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`${spec.name} did not start within ${spec.bootTimeoutMs} ms`));
        this.kill();
      }, spec.bootTimeoutMs);
      const marker = `SUPABASE_LOCAL_READY ${nonce} `;
      createInterface({ input: this.proc.stdout! }).on('line', (line) => {
        if (this.port === 0 && line.startsWith(marker)) {
          this.port = Number(line.slice(marker.length));
          clearTimeout(timer);
          resolve();
        } else spec.log(spec.name, 'stdout', line);
      });
      createInterface({ input: this.proc.stderr! }).on('line', (line) => {
        this.recentErrors.push(line);
        if (this.recentErrors.length > 20) this.recentErrors.shift();
        spec.log(spec.name, 'stderr', line);
      });
      this.proc.on('error', (e) => {
        this.dead = true;
        clearTimeout(timer);
        reject(new BootError(`cannot run ${spec.denoPath}: ${e.message}`));
      });
      this.proc.on('exit', (code, signal) => {
        this.dead = true;
        this.agent.destroy();
        clearTimeout(timer);
        const why = signal ? `signal ${signal}` : `code ${code}`;
        reject(
          new BootError(`${spec.name} exited (${why}) before serving:\n${this.recentErrors.join('\n')}`),
        );
      });
    });
    this.ready.catch(() => {});
  }

  /** Serves calls: neither dead nor being replaced. */
  get usable(): boolean {
    return !this.dead && !this.retiring;
  }

  /** Proxies one call; answers WORKER_ERROR / WORKER_LIMIT itself when the worker fails it. */
  proxy(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
    this.inflight++;
    return new Promise<void>((resolve) => {
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(wallClock);
        this.inflight--;
        if (this.retiring && this.inflight === 0) this.kill();
        resolve();
      };
      const fail = (o: Outcome) => {
        this.retire();
        if (!res.headersSent) {
          const text = JSON.stringify(o.body);
          res.writeHead(o.status, {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(text),
          });
          res.end(text);
        } else res.destroy();
        done();
      };
      const up = request({
        host: '127.0.0.1',
        port: this.port,
        method: req.method,
        path: target,
        headers: stripHopByHop(req.headers),
        agent: this.agent,
      });
      const wallClock = setTimeout(() => {
        up.destroy();
        fail(WORKER_LIMIT);
      }, this.spec.wallClockMs);
      up.on('response', (u) => {
        if (settled) return u.resume();
        const headers = stripHopByHop(u.headers);
        if (headers[CRASH_HEADER] !== undefined) {
          delete headers[CRASH_HEADER];
          this.retire();
        }
        res.writeHead(u.statusCode ?? 502, headers);
        u.pipe(res);
        u.on('end', done);
        u.on('error', () => {
          res.destroy();
          done();
        });
      });
      up.on('error', () => {
        if (!settled) fail(WORKER_ERROR);
      });
      res.on('close', () => {
        if (!settled) {
          up.destroy();
          done();
        }
      });
      req.pipe(up);
    });
  }

  /** No new calls; stops once the calls in flight are answered. */
  retire(): void {
    this.retiring = true;
    if (this.inflight === 0) this.kill();
  }

  kill(): Promise<void> {
    this.retiring = true;
    this.agent.destroy();
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const force = setTimeout(() => this.proc.kill('SIGKILL'), 2000);
      force.unref();
      this.proc.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      this.proc.stdin?.end();
      this.proc.kill('SIGTERM');
    });
  }
}

function stripHopByHop(h: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = { ...h };
  for (const k of HOP_BY_HOP) delete out[k];
  return out;
}
