-- Schedule the release of unpaid online orders with pg_cron, wherever the migrations run.
--
-- An online (Razorpay) order takes its stock when it is placed; if it is still unpaid after 30 minutes,
-- `public.release_unpaid_orders()` cancels it and gives the stock back. It runs every five minutes.
--
-- 20261122102100 scheduled it only where pg_cron was available, and supabase-local ran the function
-- itself elsewhere. Now every database has `cron.schedule`: on hosted Supabase the real pg_cron
-- (created here where the server offers it, if an earlier migration has not), and on supabase-local
-- (PGlite, or a PostgreSQL without pg_cron) its stand-in from the bootstrap, whose scheduler runs
-- whatever `cron.job` holds. `cron.schedule` with a job name updates that job when it exists, so this
-- is the one schedule on a database that had the earlier one.

do $$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
end
$$;

select cron.schedule(
  'release-unpaid-orders',
  '*/5 * * * *',
  $job$select public.release_unpaid_orders(interval '30 minutes')$job$
);
