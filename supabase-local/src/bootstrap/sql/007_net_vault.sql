-- What pg_net and Supabase Vault give a migration, where the server has neither (PGlite; a
-- PostgreSQL without the extensions), so that a job scheduled as Supabase's guide "Scheduling Edge
-- Functions" writes it —
--   select net.http_post(
--     url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/…',
--     headers := jsonb_build_object('Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = '…')),
--     body := '{}'::jsonb)
-- — runs the same on supabase-local.
--
-- net: pg_net's queue and response tables and its request functions with pg_net's signatures
-- (http_get, http_post, http_delete). A request is only queued here; supabase-local's net worker
-- (src/net.ts) sends what the queue holds after the transaction commits (as pg_net's background
-- worker does: a rolled-back request is never sent), records the answer in net._http_response, and
-- reaches the local API at http://api.supabase.internal:8000 (the host the Supabase CLI gives the
-- database for its own API) or http://kong:8000.
--
-- vault: `vault.secrets`, the `vault.decrypted_secrets` view, `vault.create_secret` and
-- `vault.update_secret` with Vault's signatures. Locally the secret is stored as written (there is
-- no key to encrypt it with); like Vault, only the migration role (the owner) reads it. supabase-local
-- writes config.toml's [db.vault] entries here at start, as `supabase start` does.
--
-- Where the real extensions exist (hosted Supabase), nothing is made here.
do $net$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_net')
     or exists (select from pg_catalog.pg_namespace where nspname = 'net') then
    return;
  end if;

  create schema net;
  comment on schema net is 'supabase-local: a stand-in for pg_net (this server has none); supabase-local sends the requests';

  create table net.http_request_queue (
    id bigserial primary key,
    method text not null check (method in ('GET', 'POST', 'DELETE')),
    url text not null,
    headers jsonb not null,
    body bytea,
    timeout_milliseconds integer not null
  );

  create unlogged table net._http_response (
    id bigint,
    status_code integer,
    content_type text,
    headers jsonb,
    content text,
    timed_out boolean,
    error_msg text,
    created timestamptz not null default now()
  );
  create index on net._http_response (created);

  -- url + params (a jsonb object), encoded as pg_net does.
  create function net._url_with_params(url text, params jsonb) returns text
  language sql immutable set search_path = '' as $fn$
    select url || case when params is null or params = '{}'::jsonb then ''
      else case when position('?' in url) > 0 then '&' else '?' end || (
        select string_agg(
          replace(replace(replace(replace(replace(key, '%', '%25'), '&', '%26'), '=', '%3D'), ' ', '%20'), '#', '%23')
          || '=' ||
          replace(replace(replace(replace(replace(value, '%', '%25'), '&', '%26'), '=', '%3D'), ' ', '%20'), '#', '%23'),
          '&')
        from jsonb_each_text(params)
      ) end
  $fn$;

  create function net.http_get(
    url text,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{}'::jsonb,
    timeout_milliseconds integer default 5000
  ) returns bigint
  language sql volatile set search_path = '' as $fn$
    insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
    values ('GET', net._url_with_params(url, params), coalesce(headers, '{}'::jsonb), timeout_milliseconds)
    returning id
  $fn$;

  create function net.http_post(
    url text,
    body jsonb default '{}'::jsonb,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
    timeout_milliseconds integer default 5000
  ) returns bigint
  language plpgsql volatile set search_path = '' as $fn$
  declare
    content_type text;
    request_id bigint;
  begin
    select v into content_type from jsonb_each_text(coalesce(headers, '{}'::jsonb)) as h (k, v)
    where lower(k) = 'content-type' limit 1;
    if content_type is null then
      headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
    elsif content_type <> 'application/json' then
      raise exception 'Content-Type header must be "application/json"';
    end if;
    if body is null then
      raise exception 'body must not be null';
    end if;
    insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
    values ('POST', net._url_with_params(url, params), headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
    returning id into request_id;
    return request_id;
  end
  $fn$;

  create function net.http_delete(
    url text,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{}'::jsonb,
    timeout_milliseconds integer default 5000
  ) returns bigint
  language sql volatile set search_path = '' as $fn$
    insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
    values ('DELETE', net._url_with_params(url, params), coalesce(headers, '{}'::jsonb), timeout_milliseconds)
    returning id
  $fn$;

  revoke all on schema net from public;
  revoke all on all functions in schema net from public;
end
$net$;

do $vault$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'supabase_vault')
     or exists (select from pg_catalog.pg_namespace where nspname = 'vault') then
    return;
  end if;

  create schema vault;
  comment on schema vault is 'supabase-local: a stand-in for Supabase Vault (secrets stored as written, locally only)';

  create table vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create unique index secrets_name_idx on vault.secrets (name) where name is not null;

  create view vault.decrypted_secrets as
    select s.id, s.name, s.description, s.secret, s.secret as decrypted_secret, s.key_id, s.nonce,
      s.created_at, s.updated_at
    from vault.secrets as s;

  create function vault.create_secret(
    new_secret text,
    new_name text default null,
    new_description text default '',
    new_key_id uuid default null
  ) returns uuid
  language sql volatile set search_path = '' as $fn$
    insert into vault.secrets (secret, name, description, key_id)
    values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
    returning id
  $fn$;

  create function vault.update_secret(
    secret_id uuid,
    new_secret text default null,
    new_name text default null,
    new_description text default null,
    new_key_id uuid default null
  ) returns void
  language sql volatile set search_path = '' as $fn$
    update vault.secrets as s set
      secret = coalesce(new_secret, s.secret),
      name = coalesce(new_name, s.name),
      description = coalesce(new_description, s.description),
      key_id = coalesce(new_key_id, s.key_id),
      updated_at = now()
    where s.id = secret_id
  $fn$;

  revoke all on schema vault from public;
  revoke all on all tables in schema vault from public;
  revoke all on all functions in schema vault from public;
end
$vault$;
