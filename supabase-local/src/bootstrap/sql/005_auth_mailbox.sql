-- supabase-local's Auth mailbox: the mail GoTrue would send through SMTP (sign-up confirmation,
-- password recovery, magic link, email change) is kept here instead, and shown at
-- /auth/v1/mailbox (as `supabase start` shows it in its Inbucket/Mailpit page). Not part of a
-- Supabase database: it lives in supabase-local's own schema, which no API role can reach.
create table if not exists supabase_local.auth_mailbox (
  id bigint generated always as identity primary key,
  sent_at timestamptz not null default now(),
  recipient text not null,
  subject text not null,
  -- signup | recovery | magiclink | email_change | invite
  kind text not null,
  html text not null,
  body_text text not null,
  -- the link to follow (GET /auth/v1/verify?token=…&type=…&redirect_to=…)
  action_url text,
  -- the one-time code printed in the mail (for verifyOtp with email + token)
  otp text,
  token_hash text,
  redirect_to text,
  user_id uuid
);
create index if not exists auth_mailbox_recipient_idx on supabase_local.auth_mailbox (lower(recipient), id desc);
