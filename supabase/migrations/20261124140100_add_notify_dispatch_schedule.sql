-- Send the outbox every minute: pg_cron calls the notify-dispatch Edge Function through pg_net, as
-- Supabase's guide "Scheduling Edge Functions" does, with the project URL and the key from Vault:
--
--   project_url  https://<project-ref>.supabase.co (locally http://api.supabase.internal:8000 or the
--                local API URL; supabase-local writes it from config.toml [db.vault])
--   secret_key   the project's secret key (sb_secret_…) or legacy service_role key: notify-dispatch
--                answers only a caller holding it
--
-- Until both secrets exist (a new hosted project; docs/deploy.md says how to add them) the job sends
-- nothing and fails nothing. The function itself claims the due rows, so a call that overlaps the
-- previous one, or a manual call, never sends a mail twice.

do $$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  if exists (select from pg_catalog.pg_available_extensions where name = 'supabase_vault') then
    create extension if not exists supabase_vault;
  end if;
end
$$;

select cron.schedule(
  'notify-dispatch',
  '* * * * *',
  $job$
  select net.http_post(
    url := url.decrypted_secret || '/functions/v1/notify-dispatch',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', key.decrypted_secret,
      'Authorization', 'Bearer ' || key.decrypted_secret
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 55000
  )
  from vault.decrypted_secrets as url, vault.decrypted_secrets as key
  where url.name = 'project_url' and key.name = 'secret_key'
  $job$
);
