/**
 * Prepared-database snapshots (src/snapshot.ts): a new PGlite database is prepared once and dumped;
 * the next new one (memory:// or a new folder) starts from the dump without running the migrations;
 * a changed migration makes a new snapshot; a folder that holds a database is never re-migrated.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY, openPglite } from '../src/db/pglite.ts';
import type { Db } from '../src/db/types.ts';
import { prepareDatabase } from '../src/prepare.ts';
import {
  isNewPgliteDatabase,
  openPreparedPglite,
  snapshotKey,
  type SnapshotOptions,
} from '../src/snapshot.ts';

const root = mkdtempSync(join(tmpdir(), 'sl-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const migrationsDir = join(root, 'supabase', 'migrations');
mkdirSync(migrationsDir, { recursive: true });
const seedPath = join(root, 'supabase', 'seed.sql');
// clock_timestamp() differs on every run: the same value later proves the SQL did not run again
writeFileSync(
  join(migrationsDir, '20240101000000_made.sql'),
  `create table public.made (n serial primary key, at timestamptz not null default clock_timestamp());\n`,
);
writeFileSync(seedPath, `insert into public.made default values;\n`);
const options: SnapshotOptions = {
  migrationsDir,
  seedPaths: [seedPath],
  displayRoot: root,
  cacheDir: join(root, 'cache'),
};

async function rows(db: Db) {
  return (await db.query<{ n: number; at: string }>(`select n, at::text as at from public.made order by n`))
    .rows;
}

describe('prepared-database snapshots [pglite]', () => {
  let first: { n: number; at: string }[] = [];

  it('prepares a new database once and keeps its snapshot', async () => {
    const o = await openPreparedPglite(MEMORY, options);
    try {
      expect(o.snapshot).toBe('built');
      expect(o.prepared.applied).toEqual(['20240101000000']);
      expect(o.prepared.newDatabase).toBe(true);
      first = await rows(o.db);
      expect(first).toHaveLength(1);
    } finally {
      await o.db.close();
    }
    expect(readdirSync(options.cacheDir).sort()).toEqual([`pglite-${o.key}.tar`, `pglite-${o.key}.tar.json`]);
  }, 120_000);

  it('starts the next new database (a new folder, memory://) from it, running no SQL', async () => {
    const folder = join(root, 'data', 'pglite');
    expect(isNewPgliteDatabase(folder)).toBe(true);
    for (const dataDir of [folder, MEMORY]) {
      const o = await openPreparedPglite(dataDir, options);
      try {
        expect(o.snapshot).toBe('loaded');
        // what preparing did, as when the snapshot was made (the banner's "New database")
        expect(o.prepared.applied).toEqual(['20240101000000']);
        expect(o.prepared.seeded).toEqual([seedPath]);
        expect(o.prepared.newDatabase).toBe(true);
        expect(await rows(o.db)).toEqual(first);
        const applied = await o.db.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        );
        expect(applied.rows).toEqual([{ version: '20240101000000' }]);
      } finally {
        await o.db.close();
      }
    }
    // written beside the folder and renamed into place: nothing left over
    expect(readdirSync(join(root, 'data'))).toEqual(['pglite']);
    expect(isNewPgliteDatabase(folder)).toBe(false);
  }, 120_000);

  it('opens a folder that holds a database as it is: nothing applied again', async () => {
    const db = await openPglite({ dataDir: join(root, 'data', 'pglite') });
    try {
      await db.query('insert into public.made default values');
      const prepared = await prepareDatabase(db, options);
      expect(prepared).toMatchObject({ applied: [], seeded: [], newDatabase: false });
      expect(await rows(db)).toHaveLength(2);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('makes a new snapshot when a migration, the seed or the options change', async () => {
    const before = snapshotKey(options);
    expect(snapshotKey({ ...options, seed: false })).not.toBe(before);
    writeFileSync(
      seedPath,
      `insert into public.made default values;\ninsert into public.made default values;\n`,
    );
    expect(snapshotKey(options)).not.toBe(before);
    writeFileSync(
      join(migrationsDir, '20240102000000_more.sql'),
      `alter table public.made add column note text;\n`,
    );
    const changed = snapshotKey(options);
    const o = await openPreparedPglite(MEMORY, options);
    try {
      expect(o.key).toBe(changed);
      expect(o.snapshot).toBe('built');
      expect(o.prepared.applied).toEqual(['20240101000000', '20240102000000']);
      const r = await o.db.query<{ note: string | null }>('select note from public.made');
      expect(r.rows).toEqual([{ note: null }, { note: null }]);
    } finally {
      await o.db.close();
    }
    expect(readdirSync(options.cacheDir)).toContain(`pglite-${changed}.tar`);
  }, 120_000);
});
