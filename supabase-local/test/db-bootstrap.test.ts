/**
 * The bootstrap leaves the database as hosted Supabase has it before the first migration: roles,
 * schemas, extensions, GoTrue's and Storage's tables, auth.uid()/role()/email()/jwt() reading the
 * request's claims, Supabase's grants, RLS on storage. On PGlite and PostgreSQL.
 */
import { expect, it } from 'vitest';
import { bootstrap, bootstrapSteps, installedExtensions } from '../src/bootstrap/index.ts';
import type { Queryable } from '../src/db/types.ts';
import { forEachDb } from '../src/testing/test-db.ts';

const USER = '7d3c5f2e-9a51-4b0e-8c1d-2f6a4e8b9c01';

const GOTRUE_USER_COLUMNS = [
  'instance_id',
  'id',
  'aud',
  'role',
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'invited_at',
  'confirmation_token',
  'confirmation_sent_at',
  'recovery_token',
  'recovery_sent_at',
  'email_change_token_new',
  'email_change',
  'email_change_sent_at',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'is_super_admin',
  'created_at',
  'updated_at',
  'phone',
  'phone_confirmed_at',
  'phone_change',
  'phone_change_token',
  'phone_change_sent_at',
  'confirmed_at',
  'email_change_token_current',
  'email_change_confirm_status',
  'banned_until',
  'reauthentication_token',
  'reauthentication_sent_at',
  'is_sso_user',
  'deleted_at',
  'is_anonymous',
];

forEachDb('bootstrap', ({ db }) => {
  const columns = async (schema: string, table: string) =>
    (
      await db().query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position`,
        [schema, table],
      )
    ).rows.map((r) => r.column_name);

  it('is recorded and does nothing the second time', async () => {
    expect(await bootstrap(db())).toEqual({ applied: [], fresh: false });
    const { rows } = await db().query<{ step: string }>(
      'select step from supabase_local.bootstrap order by step',
    );
    expect(rows.map((r) => r.step)).toEqual(bootstrapSteps().map((s) => s.name));
    expect(rows.map((r) => r.step).slice(0, 4)).toEqual([
      '001_roles',
      '002_extensions_public',
      '003_auth',
      '004_storage',
    ]);
  });

  it('creates the API roles with Supabase attributes', async () => {
    const { rows } = await db().query(
      `select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
      { rolname: 'authenticated', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
      expect.objectContaining({ rolname: 'authenticator', rolinherit: false }),
      { rolname: 'service_role', rolcanlogin: false, rolinherit: false, rolbypassrls: true },
    ]);
    const members = await db().query<{ r: string }>(
      `select r.rolname as r from pg_auth_members m join pg_roles r on r.oid = m.roleid
       join pg_roles u on u.oid = m.member where u.rolname = 'authenticator' order by 1`,
    );
    expect(members.rows.map((x) => x.r)).toEqual(
      expect.arrayContaining(['anon', 'authenticated', 'service_role']),
    );
  });

  it('has the extensions schema with pgcrypto and uuid-ossp', async () => {
    expect(await installedExtensions(db())).toEqual(
      expect.arrayContaining(['pgcrypto (extensions)', 'uuid-ossp (extensions)']),
    );
    const { rows } = await db().query(
      `select extensions.uuid_generate_v4() is not null as ok, gen_random_uuid() is not null as core`,
    );
    expect(rows[0]).toEqual({ ok: true, core: true });
  });

  it('lets a migration create pg_trgm in extensions', async () => {
    await db().exec('create extension if not exists pg_trgm with schema extensions');
    const { rows } = await db().query<{ s: number }>(
      `select extensions.similarity('sofa', 'sofas') > 0.5 as s`,
    );
    expect(rows[0]).toEqual({ s: true });
  });

  it("has GoTrue's auth tables with GoTrue's columns", async () => {
    expect(await columns('auth', 'users')).toEqual(GOTRUE_USER_COLUMNS);
    expect(await columns('auth', 'identities')).toEqual([
      'provider_id',
      'user_id',
      'identity_data',
      'provider',
      'last_sign_in_at',
      'created_at',
      'updated_at',
      'email',
      'id',
    ]);
    expect(await columns('auth', 'sessions')).toEqual([
      'id',
      'user_id',
      'created_at',
      'updated_at',
      'factor_id',
      'aal',
      'not_after',
      'refreshed_at',
      'user_agent',
      'ip',
      'tag',
    ]);
    expect(await columns('auth', 'refresh_tokens')).toEqual([
      'instance_id',
      'id',
      'token',
      'user_id',
      'revoked',
      'created_at',
      'updated_at',
      'parent',
      'session_id',
    ]);
  });

  it('generates confirmed_at and identities.email, and cascades user deletes', async () => {
    await db().query(
      `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'a@example.com', '2024-01-01T00:00:00Z', '{}', '{}', now(), now())`,
      [USER],
    );
    await db().query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, '{"email":"A@Example.com"}', 'email')`,
      [USER],
    );
    const { rows } = await db().query(
      `select u.confirmed_at = u.email_confirmed_at as same, i.email from auth.users u join auth.identities i on i.user_id = u.id`,
    );
    expect(rows[0]).toEqual({ same: true, email: 'a@example.com' });
    await db().query('delete from auth.users where id = $1', [USER]);
    expect((await db().query('select count(*)::int as n from auth.identities')).rows[0]).toEqual({ n: 0 });
  });

  it('auth.uid(), role(), email() and jwt() read the request claims (and the legacy claim.sub)', async () => {
    const claims = {
      sub: USER,
      role: 'authenticated',
      email: 'a@example.com',
      app_metadata: { role: 'admin' },
    };
    const r = await asRole('authenticated', claims, (tx) =>
      tx.query(
        `select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() -> 'app_metadata' ->> 'role' as admin, current_user as cu`,
      ),
    );
    expect(r.rows[0]).toEqual({
      uid: USER,
      role: 'authenticated',
      email: 'a@example.com',
      admin: 'admin',
      cu: 'authenticated',
    });

    const legacy = await db().transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claim.sub', $1, true)`, [USER]);
      return tx.query('select auth.uid() as uid');
    });
    expect(legacy.rows[0]).toEqual({ uid: USER });
    expect((await db().query('select auth.uid() as uid, auth.jwt() as jwt')).rows[0]).toEqual({
      uid: null,
      jwt: null,
    });
  });

  it('grants what the migration role creates in public to the API roles (default privileges)', async () => {
    await db()
      .exec(`create table public.bootstrap_probe (id int); insert into public.bootstrap_probe values (1);
      create function public.bootstrap_fn() returns int language sql as 'select 7';`);
    const r = await asRole('anon', {}, (tx) =>
      tx.query('select (select count(*)::int from public.bootstrap_probe) as n, public.bootstrap_fn() as f'),
    );
    expect(r.rows[0]).toEqual({ n: 1, f: 7 });
  });

  it('keeps auth tables away from the API roles', async () => {
    await expect(
      asRole('authenticated', { sub: USER }, (tx) => tx.query('select * from auth.users')),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('has storage tables with RLS on, and the path helpers', async () => {
    expect(await columns('storage', 'objects')).toEqual([
      'id',
      'bucket_id',
      'name',
      'owner',
      'created_at',
      'updated_at',
      'last_accessed_at',
      'metadata',
      'path_tokens',
      'version',
      'owner_id',
      'user_metadata',
    ]);
    expect(await columns('storage', 'buckets')).toEqual([
      'id',
      'name',
      'owner',
      'created_at',
      'updated_at',
      'public',
      'avif_autodetection',
      'file_size_limit',
      'allowed_mime_types',
      'owner_id',
    ]);
    const rls = await db().query(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'storage' and c.relkind = 'r' order by 1`,
    );
    expect(rls.rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ]);
    await db()
      .exec(`insert into storage.buckets (id, name, public) values ('product-images', 'product-images', true);
      insert into storage.objects (bucket_id, name) values ('product-images', 'sofas/oak/1.webp');`);
    // No policy yet: RLS hides every object from anon, as on hosted Supabase.
    const anon = await asRole('anon', {}, (tx) => tx.query('select count(*)::int as n from storage.objects'));
    expect(anon.rows[0]).toEqual({ n: 0 });
    const { rows } = await db().query(
      `select path_tokens, storage.foldername(name) as folders, storage.filename(name) as file, storage.extension(name) as ext from storage.objects`,
    );
    expect(rows[0]).toEqual({
      path_tokens: ['sofas', 'oak', '1.webp'],
      folders: ['sofas', 'oak'],
      file: '1.webp',
      ext: 'webp',
    });
  });

  async function asRole<T>(role: string, claims: object, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db().transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        role,
        JSON.stringify(claims),
      ]);
      return fn(tx);
    });
  }
});
