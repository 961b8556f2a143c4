import { resolve } from 'node:path';
import { DEFAULT_DIVERGENCES } from './divergences.ts';

export interface Options {
  folder?: string;
  filter?: string;
  verbose: boolean;
  concurrency: number;
  minPass: number;
  reportOnly: boolean;
  timeoutMs: number;
  divergences: string;
}

export const USAGE = `usage: pnpm conformance [cases-folder] [options]
  --filter=<id|substring>[,…]  run only matching cases (id, or part of file name / feature)
  --verbose                    print the full request and response of each failure
  --concurrency=<n>            requests in flight (default 8)
  --min-pass=<ratio>           pass-rate threshold for exit code 0 (default 0.9)
  --report-only                always exit 0
  --timeout=<ms>               per-request timeout (default 30000)
  --divergences=<file>         divergence list (default conformance/divergences.yaml)
environment: DATABASE_URL=postgres://… uses a scratch database on that server; otherwise PGlite in memory.`;

export function parseArgs(argv: string[]): Options {
  const o: Options = {
    verbose: false,
    concurrency: 8,
    minPass: 0.9,
    reportOnly: false,
    timeoutMs: 30_000,
    divergences: DEFAULT_DIVERGENCES,
  };
  for (const arg of argv) {
    const [flag, value] = arg.startsWith('--')
      ? [arg.split('=')[0]!, arg.slice(arg.indexOf('=') + 1)]
      : ['', arg];
    const has = arg.includes('=');
    const num = (name: string) => {
      const n = Number(value);
      if (!has || !Number.isFinite(n)) throw new Error(`${name} needs a number`);
      return n;
    };
    switch (flag) {
      case '':
        if (o.folder) throw new Error(`unexpected argument ${arg}`);
        o.folder = arg;
        break;
      case '--filter':
        o.filter = value;
        break;
      case '--verbose':
        o.verbose = true;
        break;
      case '--report-only':
        o.reportOnly = true;
        break;
      case '--concurrency':
        o.concurrency = Math.max(1, Math.floor(num(flag)));
        break;
      case '--min-pass':
        o.minPass = num(flag);
        break;
      case '--timeout':
        o.timeoutMs = num(flag);
        break;
      case '--divergences':
        o.divergences = resolve(value);
        break;
      case '--help':
        throw new Error('help');
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return o;
}
