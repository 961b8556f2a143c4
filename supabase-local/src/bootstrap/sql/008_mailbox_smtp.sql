-- The mailbox receives mail over SMTP (src/mail/smtp.ts), as Inbucket/Mailpit do for `supabase
-- start`: any sender's mail, not only Auth's. A message without Auth's metadata has no kind; each
-- keeps its envelope sender, Message-ID, Date header, raw size and header lines for the mailbox page.
alter table supabase_local.auth_mailbox alter column kind drop not null;
alter table supabase_local.auth_mailbox add column if not exists sender text;
alter table supabase_local.auth_mailbox add column if not exists message_id text;
alter table supabase_local.auth_mailbox add column if not exists message_date timestamptz;
alter table supabase_local.auth_mailbox add column if not exists raw_size integer;
alter table supabase_local.auth_mailbox add column if not exists header_lines jsonb not null default '[]'::jsonb;
