/**
 * `pnpm conformance [cases-folder] [--filter=…] [--verbose] [--concurrency=8] [--min-pass=0.9] [--report-only]`
 *
 * Runs PostgREST conformance cases (postgrest-conformance/ beside this file, or any folder in the same format)
 * against supabase-local's REST engine on a scratch database loaded with the suite's fixtures, following
 * the suite's HARNESS.md. See conformance/README.md.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db } from '../src/db/types.ts';
import type { RestApp, RestConfig } from '../src/rest/types.ts';
import { loadCases, matchesFilter } from './cases.ts';
import { setupDatabase } from './database.ts';
import { loadDivergences } from './divergences.ts';
import { mapLimit, runCase } from './execute.ts';
import { InstancePool } from './instances.ts';
import { parseArgs, USAGE, type Options } from './options.ts';
import { defaultFixtures, resolveSuite } from './paths.ts';
import { areaTable, classify, classifyBroken, dumpExchange, exitCode, summarize } from './report.ts';

/** pnpm runs the script inside supabase-local/; a relative folder is meant from where pnpm was invoked. */
function userPath(p: string | undefined): string | undefined {
  if (!p) return undefined;
  const init = process.env.INIT_CWD;
  if (init && existsSync(resolve(init, p))) return resolve(init, p);
  return resolve(p);
}

type CreateApp = (db: Db, config: RestConfig) => Promise<RestApp>;

let interrupted = false;

async function main(argv: string[]): Promise<number> {
  let opts: Options;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    const help = (e as Error).message === 'help';
    (help ? process.stdout : process.stderr).write(
      `${help ? '' : `error: ${(e as Error).message}\n`}${USAGE}\n`,
    );
    return help ? 0 : 2;
  }

  const suite = resolveSuite(userPath(opts.folder));
  const divergences = loadDivergences(opts.divergences);
  let { cases, broken } = loadCases(suite.casesDir);
  if (opts.filter) {
    const parts = opts.filter.split(',').filter(Boolean);
    cases = cases.filter((c) => parts.some((p) => matchesFilter(c, p)));
    broken = broken.filter((b) => parts.some((p) => matchesFilter(b, p)));
  }
  console.log(`conformance: ${cases.length + broken.length} cases from ${suite.casesDir}`);
  console.log(`fixtures: ${suite.fixturesDir}`);
  if (cases.length + broken.length === 0) {
    console.log('no cases matched');
    console.log('0 passed, 0 failed');
    return opts.reportOnly ? 0 : 1;
  }

  // CONFORMANCE_ENGINE=<module exporting createRestApp> runs the cases against another engine (runner tests)
  const engineModule = process.env.CONFORMANCE_ENGINE
    ? pathToFileURL(resolve(process.env.CONFORMANCE_ENGINE)).href
    : '../src/rest/index.ts';
  let createRestApp: CreateApp;
  try {
    ({ createRestApp } = (await import(engineModule)) as { createRestApp: CreateApp });
  } catch (e) {
    throw new Error(`could not load the REST engine (${engineModule}): ${(e as Error).message}`, {
      cause: e,
    });
  }

  const cleanups: (() => Promise<void>)[] = [];
  const cleanupSoFar = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
  };
  let cleaning: Promise<void> | null = null;
  // one cleanup, awaited by whoever ends the process (signal handler or the normal path)
  const cleanupAll = () => (cleaning ??= cleanupSoFar());
  const onSignal = (sig: NodeJS.Signals) => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write(`\n${sig}: cleaning up…\n`);
    void cleanupAll().finally(() => process.exit(130));
  };
  // a closed pipe (`| head`) must not abort the run before the scratch database is dropped
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let engineErrors = 0;
  const onStray = (err: unknown) => {
    engineErrors++;
    process.stderr.write(
      `warning: uncaught error outside a request (engine?): ${(err as Error)?.stack ?? String(err)}\n`,
    );
  };
  process.on('unhandledRejection', onStray);
  process.on('uncaughtException', onStray);

  try {
    const t0 = performance.now();
    const register = (fn: () => Promise<void>) => cleanups.push(fn);
    let database;
    try {
      database = await setupDatabase(suite.fixturesDir, process.env.DATABASE_URL, register);
    } catch (e) {
      // a foreign suite's fixtures may need a newer PostgreSQL; ours are the PostgreSQL-15 revision
      if (interrupted || suite.fixturesDir === defaultFixtures || !existsSync(defaultFixtures)) throw e;
      console.log(`warning: ${(e as Error).message}`);
      console.log(`warning: falling back to ${defaultFixtures}`);
      await cleanupSoFar();
      database = await setupDatabase(defaultFixtures, process.env.DATABASE_URL, register);
    }
    if (interrupted) throw new Error('interrupted');
    console.log(
      `database: ${database.description} (fixtures loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    for (const n of database.notes) console.log(`  ${n}`);

    const pool = new InstancePool(database.db, createRestApp, (name, err) => {
      engineErrors++;
      if (opts.verbose)
        process.stderr.write(`engine error on ${name}: ${(err as Error)?.stack ?? String(err)}\n`);
    });
    cleanups.push(() => pool.closeAll());

    const t1 = performance.now();
    const runs = await mapLimit(cases, opts.concurrency, (c) =>
      runCase(c, { pool, connectingUser: database.connectingUser, timeoutMs: opts.timeoutMs }),
    );
    const all = [...runs.map((r) => classify(r, divergences)), ...broken.map(classifyBroken)];
    all.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));

    console.log(
      `ran ${runs.length} cases on ${pool.size} instance${pool.size === 1 ? '' : 's'} in ${((performance.now() - t1) / 1000).toFixed(1)} s` +
        (engineErrors > 0 ? ` (${engineErrors} engine errors; --verbose shows them)` : ''),
    );
    console.log('');
    for (const x of all) {
      if (!x.line) continue;
      console.log(x.line);
      if (opts.verbose && x.run && x.outcome !== 'stale') console.log(dumpExchange(x.run));
    }
    const s = summarize(all);
    console.log('');
    console.log('by area:');
    for (const line of areaTable(all)) console.log(line);
    console.log('');
    const undocumented = s.failed - s.documented;
    console.log(
      `pass rate ${(100 * s.rate).toFixed(1)}% (threshold ${(100 * opts.minPass).toFixed(0)}%)` +
        (undocumented > 0 ? `; ${undocumented} failure${undocumented > 1 ? 's' : ''} not documented` : '') +
        (s.stale > 0 ? `; ${s.stale} stale divergence entr${s.stale > 1 ? 'ies' : 'y'}` : ''),
    );
    console.log(`${s.documented} of the failures are documented divergences`);
    console.log(`${s.passed} passed, ${s.failed} failed`);
    return exitCode(s, opts.minPass, opts.reportOnly);
  } finally {
    await cleanupAll();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(interrupted ? 130 : code),
  (err: unknown) => {
    if (interrupted) process.exit(130);
    process.stderr.write(`conformance: ${(err as Error)?.message ?? String(err)}\n`);
    process.exit(2);
  },
);
