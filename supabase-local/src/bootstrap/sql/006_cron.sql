-- What pg_cron gives a migration, where the server has no pg_cron (PGlite; a PostgreSQL without the
-- extension): the `cron` schema, `cron.job` and `cron.job_run_details` with pg_cron's columns, and
-- `cron.schedule`, `cron.unschedule` and `cron.alter_job` with pg_cron's signatures and errors.
-- supabase-local's scheduler (src/cron.ts) reads `cron.job` and runs each active job's command when
-- its schedule is due, as the job's user, and records the run in `cron.job_run_details`.
--
-- Where pg_cron is available (hosted Supabase), nothing is made here: a migration's
-- `create extension pg_cron` gives the real one, and pg_cron runs the jobs.
--
-- Like pg_cron, a job belongs to the user who scheduled it (RLS on `username`); unlike pg_cron's
-- `grant usage on schema cron to public`, only the migration role (the owner) uses the schema, as on
-- Supabase, so no API role can schedule a command.
do $cron$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron')
     or exists (select from pg_catalog.pg_namespace where nspname = 'cron') then
    return;
  end if;

  create schema cron;
  comment on schema cron is
    'supabase-local: a stand-in for pg_cron (this server has none); supabase-local runs the jobs';

  create sequence cron.jobid_seq;
  create sequence cron.runid_seq;

  create table cron.job (
    jobid bigint primary key default nextval('cron.jobid_seq'),
    schedule text not null,
    command text not null,
    nodename text not null default 'localhost',
    -- pg_cron's default is inet_server_port(), which is null without a TCP connection (PGlite)
    nodeport integer not null default coalesce(inet_server_port(), 5432),
    database text not null default current_database(),
    username text not null default current_user,
    active boolean not null default true,
    jobname text,
    constraint jobname_username_uniq unique (jobname, username),
    -- the schedules pg_cron accepts: five cron fields, '@daily' and friends, or '1-59 seconds'
    constraint job_schedule_check check (
      schedule ~* '^\s*(@(yearly|annually|monthly|weekly|daily|hourly)|[1-5]?[0-9]\s+seconds?|[0-9a-z*,/-]+(\s+[0-9a-z*,/-]+){4})\s*$'
    )
  );
  alter sequence cron.jobid_seq owned by cron.job.jobid;
  alter table cron.job enable row level security;
  create policy cron_job_policy on cron.job using (username = current_user);

  create table cron.job_run_details (
    jobid bigint,
    runid bigint primary key default nextval('cron.runid_seq'),
    job_pid integer,
    database text,
    username text,
    command text,
    -- starting | running | sending | connecting | succeeded | failed
    status text,
    return_message text,
    start_time timestamptz,
    end_time timestamptz
  );
  alter sequence cron.runid_seq owned by cron.job_run_details.runid;
  alter table cron.job_run_details enable row level security;
  create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);

  -- cron.schedule(schedule, command): a new unnamed job; returns its jobid.
  create function cron.schedule(schedule text, command text) returns bigint
  language plpgsql set search_path = '' as $fn$
  declare
    id bigint;
  begin
    insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
    return id;
  exception when check_violation then
    raise exception 'invalid schedule: %', schedule using errcode = '22023';
  end
  $fn$;

  -- cron.schedule(job_name, schedule, command): creates the caller's job of that name, or updates
  -- its schedule and command; returns its jobid.
  create function cron.schedule(job_name text, schedule text, command text) returns bigint
  language plpgsql set search_path = '' as $fn$
  declare
    id bigint;
  begin
    insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
    on conflict (jobname, username) do update set schedule = excluded.schedule, command = excluded.command
    returning jobid into id;
    return id;
  exception when check_violation then
    raise exception 'invalid schedule: %', schedule using errcode = '22023';
  end
  $fn$;

  create function cron.unschedule(job_id bigint) returns boolean
  language plpgsql set search_path = '' as $fn$
  begin
    delete from cron.job where jobid = job_id;
    if not found then
      raise exception 'could not find valid entry for job %', job_id;
    end if;
    return true;
  end
  $fn$;

  create function cron.unschedule(job_name text) returns boolean
  language plpgsql set search_path = '' as $fn$
  begin
    delete from cron.job where jobname = job_name and username = current_user;
    if not found then
      raise exception 'could not find valid entry for job ''%''', job_name;
    end if;
    return true;
  end
  $fn$;

  -- cron.alter_job: change what is given, keep the rest (a superuser may give the job to another user).
  create function cron.alter_job(
    job_id bigint,
    schedule text default null,
    command text default null,
    database text default null,
    username text default null,
    active boolean default null
  ) returns void
  language plpgsql set search_path = '' as $fn$
  begin
    update cron.job j set
      schedule = coalesce(alter_job.schedule, j.schedule),
      command = coalesce(alter_job.command, j.command),
      database = coalesce(alter_job.database, j.database),
      username = coalesce(alter_job.username, j.username),
      active = coalesce(alter_job.active, j.active)
    where j.jobid = job_id;
    if not found then
      raise exception 'could not find valid entry for job %', job_id;
    end if;
  exception when check_violation then
    raise exception 'invalid schedule: %', schedule using errcode = '22023';
  end
  $fn$;

  revoke all on schema cron from public;
  revoke all on all functions in schema cron from public;
end
$cron$;
