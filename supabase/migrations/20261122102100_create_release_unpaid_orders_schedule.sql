-- Schedule the release of unpaid online orders on hosted Supabase.
--
-- An online (Razorpay) order takes its stock when it is placed; if it is still unpaid after 30 minutes,
-- `public.release_unpaid_orders()` cancels it and gives the stock back. Hosted Supabase runs it every
-- five minutes with pg_cron. Where pg_cron is not available (supabase-local on PGlite or a plain
-- PostgreSQL), nothing is scheduled here: supabase-local runs the same function every minute itself
-- (supabase-local/src/jobs.ts).

do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule(
      'release-unpaid-orders',
      '*/5 * * * *',
      $job$select public.release_unpaid_orders(interval '30 minutes')$job$
    );
  end if;
end
$$;
