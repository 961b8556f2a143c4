/**
 * Rebuild from scratch (`supabase-local reset`, `pnpm db:reset`), as `supabase db reset` does.
 *
 * - PGlite folder: delete the folder (refused while another process has it open; see db/lock.ts).
 * - PostgreSQL: empty THIS database only: drop every schema but Postgres' own (which takes the
 *   tables, functions, types and extensions in them), the event triggers and publications, then
 *   recreate `public` as PostgreSQL 15 creates it. Roles are cluster-wide and shared with other
 *   databases, so they are kept (bootstrap re-grants what it needs). We do not DROP DATABASE: that
 *   needs a connection to another database and rights the URL's user may not have, and it would
 *   break other sessions' connections.
 */
import { existsSync, rmSync } from 'node:fs';
import { acquireDataDirLock } from '../db/lock.ts';
import type { Db } from '../db/types.ts';

export async function resetPgliteDir(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return;
  const release = await acquireDataDirLock(dataDir); // throws if a server is running on it
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await release();
  }
}

const EMPTY_DATABASE_SQL = `
do $$
declare
  r record;
begin
  for r in select evtname from pg_catalog.pg_event_trigger loop
    execute format('drop event trigger if exists %I cascade', r.evtname);
  end loop;
  for r in select pubname from pg_catalog.pg_publication loop
    execute format('drop publication if exists %I', r.pubname);
  end loop;
  for r in
    select nspname from pg_catalog.pg_namespace
    where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
  loop
    execute format('drop schema %I cascade', r.nspname);
  end loop;
  create schema public;
  alter schema public owner to pg_database_owner;
  grant usage on schema public to public;
  comment on schema public is 'standard public schema';
end $$;`;

/** Empties the connected PostgreSQL database (see above). One transaction: all or nothing. */
export async function emptyPostgresDatabase(db: Db): Promise<void> {
  if (db.kind !== 'postgres') throw new Error('emptyPostgresDatabase is for PostgreSQL');
  await db.exec(EMPTY_DATABASE_SQL);
}

/**
 * Loopback hosts: localhost, 127.x.x.x, ::1 (bracketed or not). Also a Unix socket directory
 * (`/var/run/postgresql`, a libpq host), which is on this machine. An empty or unparseable host is
 * NOT loopback: `listen(port, '')` binds every interface.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1' || h.startsWith('/')) return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && v4.slice(1).every((n) => Number(n) <= 255);
}
