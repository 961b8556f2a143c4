/**
 * Migrations and seed as the Supabase CLI applies and records them, on PGlite and PostgreSQL:
 * order, recording, idempotence, a failing file (file, line, message, database unchanged by it),
 * seed only on a new database, and reset.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap/index.ts';
import { openPglite } from '../src/db/pglite.ts';
import type { Db } from '../src/db/types.ts';
import { migrate, SqlFileError } from '../src/migrations/index.ts';
import { emptyPostgresDatabase, resetPgliteDir } from '../src/migrations/reset.ts';
import { splitSql } from '../src/migrations/split.ts';
import { prepareDatabase } from '../src/prepare.ts';
import { createTestDb, forEachDbKind, type TestDatabase } from '../src/testing/test-db.ts';

const root = mkdtempSync(join(tmpdir(), 'sl-migrate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A project folder with supabase/migrations/<files> and supabase/seed.sql. */
function project(files: Record<string, string>, seed?: string) {
  const dir = join(root, `p${++dirs}`);
  const migrationsDir = join(dir, 'supabase', 'migrations');
  mkdirSync(migrationsDir, { recursive: true });
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(migrationsDir, name), sql);
  const seedPath = join(dir, 'supabase', 'seed.sql');
  if (seed !== undefined) writeFileSync(seedPath, seed);
  const write = (name: string, sql: string) => writeFileSync(join(migrationsDir, name), sql);
  return { dir, migrationsDir, seedPaths: [seedPath], write };
}

const CREATE_ORDER = `-- header comment\ncreate table public.applied (n serial primary key, file text not null);\n`;
const ORDERED = {
  '20240101000000_first.sql': `${CREATE_ORDER}insert into public.applied (file) values ('first');\n`,
  '20240301000000_third.sql': `insert into public.applied (file) values ('third');`,
  '20240201000000_second.sql': `insert into public.applied (file) values ('second');\n-- trailing note\n`,
  'README.md': 'not sql',
  'notes.sql': 'select 1/0;',
};

forEachDbKind('migrations', (kind) => {
  const open: TestDatabase[] = [];
  async function freshDb(): Promise<Db> {
    const t = await createTestDb(kind);
    open.push(t);
    return t.db;
  }
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.drop()));
  });
  const rows = async (db: Db, sql: string) => (await db.query(sql)).rows;

  it('applies files in file-name order and records them as the CLI does', async () => {
    const db = await freshDb();
    const p = project(ORDERED);
    const log: string[] = [];
    const r = await migrate(db, { migrationsDir: p.migrationsDir, log: (l) => log.push(l) });
    expect(r.applied).toEqual(['20240101000000', '20240201000000', '20240301000000']);
    expect(await rows(db, 'select file from public.applied order by n')).toEqual([
      { file: 'first' },
      { file: 'second' },
      { file: 'third' },
    ]);
    expect(log.some((l) => l.includes('Skipping migration notes.sql'))).toBe(true);
    const history = await rows(
      db,
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(history).toEqual([
      {
        version: '20240101000000',
        name: 'first',
        statements: splitSql(ORDERED['20240101000000_first.sql']).map((s) => s.text),
      },
      {
        version: '20240201000000',
        name: 'second',
        statements: ["insert into public.applied (file) values ('second')", '-- trailing note'],
      },
      {
        version: '20240301000000',
        name: 'third',
        statements: ["insert into public.applied (file) values ('third')"],
      },
    ]);
    // The CLI's table shape, so `supabase migration list` reads it.
    expect(
      await rows(
        db,
        `select column_name, data_type, is_nullable from information_schema.columns
      where table_schema = 'supabase_migrations' and table_name = 'schema_migrations' order by ordinal_position`,
      ),
    ).toEqual([
      { column_name: 'version', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'statements', data_type: 'ARRAY', is_nullable: 'YES' },
      { column_name: 'name', data_type: 'text', is_nullable: 'YES' },
    ]);
  });

  it('skips applied versions and applies only new files', async () => {
    const db = await freshDb();
    const p = project(ORDERED);
    await migrate(db, { migrationsDir: p.migrationsDir });
    expect((await migrate(db, { migrationsDir: p.migrationsDir })).applied).toEqual([]);
    p.write('20240401000000_fourth.sql', `insert into public.applied (file) values ('fourth');`);
    expect((await migrate(db, { migrationsDir: p.migrationsDir })).applied).toEqual(['20240401000000']);
    expect(await rows(db, 'select count(*)::int as n from public.applied')).toEqual([{ n: 4 }]);
  });

  it('stops at a failing file with its name, line and the Postgres message, leaving nothing of it', async () => {
    const db = await freshDb();
    const p = project({
      '20240101000000_ok.sql': 'create table public.kept (id int);',
      '20240102000000_broken.sql': [
        '-- adds a table, then references one that does not exist',
        'create table public.half_done (id int);',
        '',
        'insert into public.half_done select id from public.missing_table;',
      ].join('\n'),
      '20240103000000_later.sql': 'create table public.later (id int);',
    });
    const err = await migrate(db, { migrationsDir: p.migrationsDir, displayRoot: p.dir }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SqlFileError);
    const e = err as SqlFileError;
    expect(e.file).toBe(join('supabase', 'migrations', '20240102000000_broken.sql'));
    expect([e.line, e.column]).toEqual([4, 45]);
    expect(e.pg.code).toBe('42P01');
    expect(e.message).toBe(
      'supabase/migrations/20240102000000_broken.sql:4:45: ERROR 42P01: relation "public.missing_table" does not exist',
    );
    expect(
      await rows(
        db,
        `select to_regclass('public.kept') is not null as kept, to_regclass('public.half_done') is null as gone,
    to_regclass('public.later') is null as not_reached`,
      ),
    ).toEqual([{ kept: true, gone: true, not_reached: true }]);
    expect(await rows(db, 'select version from supabase_migrations.schema_migrations')).toEqual([
      { version: '20240101000000' },
    ]);

    // Fixed, the same run picks up where it stopped.
    p.write('20240102000000_broken.sql', 'create table public.half_done (id int);');
    expect((await migrate(db, { migrationsDir: p.migrationsDir })).applied).toEqual([
      '20240102000000',
      '20240103000000',
    ]);
  });

  it('names the statement line for errors without a position, and ignores BEGIN/COMMIT inside a file', async () => {
    const db = await freshDb();
    const p = project({
      '20240101000000_checks.sql': [
        'begin;',
        'create table public.priced (price numeric check (price > 0));',
        'commit;',
        '-- a runtime error: no position',
        'insert into public.priced values',
        '  (-1);',
      ].join('\n'),
    });
    const e = (await migrate(db, { migrationsDir: p.migrationsDir }).catch(
      (x: unknown) => x,
    )) as SqlFileError;
    expect(e).toBeInstanceOf(SqlFileError);
    expect([e.line, e.pg.code]).toEqual([5, '23514']);
    // The COMMIT in the file did not end our transaction: the table is gone with the rest.
    expect(await rows(db, `select to_regclass('public.priced') is null as gone`)).toEqual([{ gone: true }]);
  });

  it('seeds a new database once, and never a database migrated before', async () => {
    const db = await freshDb();
    const p = project(ORDERED, `insert into public.applied (file) values ('seed');`);
    const first = await migrate(db, {
      migrationsDir: p.migrationsDir,
      seedPaths: p.seedPaths,
      displayRoot: p.dir,
    });
    expect(first).toMatchObject({ newDatabase: true, seeded: p.seedPaths });
    expect(await rows(db, `select path, length(hash) as len from supabase_migrations.seed_files`)).toEqual([
      { path: join('supabase', 'seed.sql'), len: 64 },
    ]);
    const second = await migrate(db, { migrationsDir: p.migrationsDir, seedPaths: p.seedPaths });
    expect(second).toMatchObject({ newDatabase: false, seeded: [] });
    expect(await rows(db, `select count(*)::int as n from public.applied where file = 'seed'`)).toEqual([
      { n: 1 },
    ]);

    const other = await freshDb();
    await migrate(other, { migrationsDir: p.migrationsDir, seed: false });
    expect((await migrate(other, { migrationsDir: p.migrationsDir, seedPaths: p.seedPaths })).seeded).toEqual(
      [],
    );
  });

  it('rolls back a failing seed and reports its line', async () => {
    const db = await freshDb();
    const p = project(
      ORDERED,
      `insert into public.applied (file) values ('s1');\ninsert into public.nope values (1);`,
    );
    const e = (await migrate(db, {
      migrationsDir: p.migrationsDir,
      seedPaths: p.seedPaths,
      displayRoot: p.dir,
    }).catch((x: unknown) => x)) as SqlFileError;
    expect([e.file, e.line]).toEqual([join('supabase', 'seed.sql'), 2]);
    expect(await rows(db, `select count(*)::int as n from public.applied where file = 's1'`)).toEqual([
      { n: 0 },
    ]);
  });

  if (kind === 'postgres') {
    it('reset empties this database only and rebuilds it from scratch', async () => {
      const db = await freshDb();
      const p = project(ORDERED, `insert into public.applied (file) values ('seed');`);
      const opts = { migrationsDir: p.migrationsDir, seedPaths: p.seedPaths };
      await prepareDatabase(db, opts);
      await db.exec(
        `create schema scratch; create table scratch.junk (id int); insert into public.applied (file) values ('extra')`,
      );
      await emptyPostgresDatabase(db);
      expect(
        await rows(
          db,
          `select nspname from pg_namespace where nspname in ('scratch', 'auth', 'supabase_migrations', 'public')`,
        ),
      ).toEqual([{ nspname: 'public' }]);
      const r = await prepareDatabase(db, opts);
      expect(r).toMatchObject({
        newDatabase: true,
        applied: ['20240101000000', '20240201000000', '20240301000000'],
      });
      expect(await rows(db, 'select file from public.applied order by n')).toEqual([
        { file: 'first' },
        { file: 'second' },
        { file: 'third' },
        { file: 'seed' },
      ]);
      expect(
        await rows(
          db,
          `select count(*)::int as n from pg_roles where rolname in ('anon', 'authenticated', 'service_role')`,
        ),
      ).toEqual([{ n: 3 }]);
    });
  }
});

describe('reset [pglite data folder]', () => {
  it('deletes the folder (refused while open) and rebuilds from scratch', async () => {
    const p = project(ORDERED, `insert into public.applied (file) values ('seed');`);
    const dataDir = join(p.dir, '.data', 'pglite');
    const opts = { migrationsDir: p.migrationsDir, seedPaths: p.seedPaths };
    let db = await openPglite({ dataDir });
    await prepareDatabase(db, opts);
    await db.exec(`insert into public.applied (file) values ('extra')`);
    await expect(resetPgliteDir(dataDir)).rejects.toThrow(/in use/);
    await db.close();

    await resetPgliteDir(dataDir);
    db = await openPglite({ dataDir });
    try {
      expect((await bootstrap(db)).fresh).toBe(true);
      const r = await prepareDatabase(db, opts);
      expect(r.newDatabase).toBe(true);
      expect((await db.query('select file from public.applied order by n')).rows.map((x) => x.file)).toEqual([
        'first',
        'second',
        'third',
        'seed',
      ]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
