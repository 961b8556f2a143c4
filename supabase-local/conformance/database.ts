import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../src/db/types.ts';
import { MEMORY, openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { fixtureChain, lineOf, type FixtureStep } from './load-fixtures.ts';

export interface ConformanceDb {
  db: Db;
  /** the connecting database user: db-anon-role of the no-auth instances (HARNESS §2.1) */
  connectingUser: string;
  /** one-line description for the report header */
  description: string;
  /** environment findings worth printing (collation, …) */
  notes: string[];
  /** close the Db and drop the scratch database; idempotent */
  cleanup(): Promise<void>;
}

function describeError(step: FixtureStep, e: unknown): Error {
  const err = e as { message?: string; position?: string | number; detail?: string };
  const line = lineOf(step.sql, err.position);
  return new Error(
    `loading fixture ${step.name}${line ? ` (line ${line})` : ''} failed: ${err.message ?? String(e)}${err.detail ? ` — ${err.detail}` : ''}`,
  );
}

async function collationNotes(db: Db): Promise<string[]> {
  const r = await db.query<{ datcollate: string; datctype: string; byte_order: boolean }>(
    `select datcollate, datctype, 'xyyx' > 'xYYx' as byte_order from pg_database where datname = current_database()`,
  );
  const row = r.rows[0];
  if (!row) return [];
  return [
    `collation ${row.datcollate}, ctype ${row.datctype}; byte ordering ('xyyx' > 'xYYx', case 1606): ${row.byte_order ? 'yes' : 'NO'}`,
  ];
}

/** Scratch database on the DATABASE_URL server, built per fixtures/README.md. */
async function setupPostgres(
  databaseUrl: string,
  fixturesDir: string,
  register: (cleanup: () => Promise<void>) => void,
): Promise<ConformanceDb> {
  const chain = fixtureChain(fixturesDir);
  const name = `conformance_${randomBytes(5).toString('hex')}`;
  const scratch = new URL(databaseUrl);
  scratch.pathname = `/${name}`;
  const scratchUrl = scratch.toString();

  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  let db: Db | null = null;
  let created = false;
  let cleaning: Promise<void> | null = null;
  // memoised: the SIGINT handler and a failing setup may both call it; both must wait for the DROP
  const cleanup = () =>
    (cleaning ??= (async () => {
      if (db) await db.close().catch(() => {});
      if (created) {
        // pg-pool's end() resolves before its sockets are gone; let them go, so FORCE has no one to kill
        for (let i = 0; i < 40; i++) {
          const r = await admin
            .query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
              name,
            ])
            .catch(() => ({ rows: [{ n: 0 }] }));
          if (r.rows[0]!.n === 0) break;
          await new Promise((ok) => setTimeout(ok, 50));
        }
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((e: Error) => {
          process.stderr.write(`warning: could not drop scratch database ${name}: ${e.message}\n`);
        });
      }
      await admin.end().catch(() => {});
    })());
  register(cleanup);
  try {
    if (chain.roles) {
      try {
        await admin.query(chain.roles.sql);
      } catch (e) {
        throw describeError(chain.roles, e);
      }
    }
    await admin.query(
      `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
    );
    created = true;
    await admin.query(`ALTER DATABASE "${name}" SET timezone TO 'UTC'`);
    for (const step of chain.steps) {
      // one session per file, as `PGTZ=UTC psql -f <file>` would
      const client = new pg.Client({ connectionString: scratchUrl });
      await client.connect();
      try {
        await client.query(`SET TimeZone TO 'UTC'`);
        await client.query(step.sql);
      } catch (e) {
        throw describeError(step, e);
      } finally {
        await client.end().catch(() => {});
      }
    }
    db = await openPostgres({ url: scratchUrl, max: 10 });
    const user = await db.query<{ u: string; v: string }>('select current_user as u, version() as v');
    const version = user.rows[0]!.v.split(' on ')[0];
    return {
      db,
      connectingUser: user.rows[0]!.u,
      description: `${version}, scratch database ${name} on ${scratch.host}`,
      notes: await collationNotes(db),
      cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** Session settings a fixture file may change (`SET …`, set_config(…, false)); restored after each file. */
async function snapshotSettings(db: Db): Promise<Map<string, string>> {
  const r = await db.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from pg_settings where context in ('user', 'superuser')`,
  );
  return new Map(r.rows.map((x) => [x.name, x.setting]));
}

async function restoreSettings(db: Db, before: Map<string, string>): Promise<void> {
  const after = await snapshotSettings(db);
  for (const [name, value] of before) {
    if (after.get(name) !== value) await db.query('select set_config($1, $2, false)', [name, value]);
  }
}

/** Embedded PGlite in memory. It has one database (initdb'd with C collation), so 01 runs there too. */
async function setupPglite(
  fixturesDir: string,
  register: (cleanup: () => Promise<void>) => void,
): Promise<ConformanceDb> {
  const chain = fixtureChain(fixturesDir);
  const db = await openPglite({ dataDir: MEMORY });
  let cleaning: Promise<void> | null = null;
  const cleanup = () => (cleaning ??= db.close().catch(() => {}));
  register(cleanup);
  try {
    const baseline = await snapshotSettings(db);
    for (const step of chain.roles ? [chain.roles, ...chain.steps] : chain.steps) {
      await db.query(`SET TimeZone TO 'UTC'`);
      try {
        await db.exec(step.sql);
      } catch (e) {
        throw describeError(step, e);
      }
      await restoreSettings(db, baseline);
    }
    const user = await db.query<{ u: string; v: string }>('select current_user as u, version() as v');
    const version = user.rows[0]!.v.split(' on ')[0];
    return {
      db,
      connectingUser: user.rows[0]!.u,
      description: `${version}, in memory`,
      notes: await collationNotes(db),
      cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/**
 * `register` receives the cleanup function as soon as there is something to clean up, so a SIGINT during
 * fixture loading still drops the scratch database.
 */
export function setupDatabase(
  fixturesDir: string,
  databaseUrl: string | undefined,
  register: (cleanup: () => Promise<void>) => void = () => {},
): Promise<ConformanceDb> {
  return databaseUrl ? setupPostgres(databaseUrl, fixturesDir, register) : setupPglite(fixturesDir, register);
}
