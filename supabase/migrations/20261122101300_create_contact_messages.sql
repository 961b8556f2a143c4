-- Contact messages: the spec's contact form (Full Name, Email, Phone optional, Subject, Message),
-- stored instead of sent nowhere, for staff to read and mark handled. Anyone may send one (a
-- signed-in sender's id is kept); senders cannot read others' messages or set the handled flag; a
-- signed-in sender reads their own; admins read all, and fresh admins mark them handled or delete.

create table public.contact_messages (
  id bigint generated always as identity primary key,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  full_name text not null,
  email text not null,
  phone text,
  subject text not null,
  message text not null,
  handled boolean not null default false,
  handled_at timestamptz,
  created_at timestamptz not null default now(),
  constraint contact_messages_full_name_check check (btrim(full_name) <> '' and length(full_name) <= 100),
  constraint contact_messages_email_check check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  constraint contact_messages_phone_check check (phone ~ '^[6-9][0-9]{9}$'),
  constraint contact_messages_subject_check check (btrim(subject) <> '' and length(subject) <= 200),
  constraint contact_messages_message_check check (btrim(message) <> '' and length(message) <= 5000)
);
comment on table public.contact_messages is 'Messages from the contact form; staff mark them handled.';

create index contact_messages_user_id_idx on public.contact_messages (user_id);
create index contact_messages_handled_created_at_idx on public.contact_messages (handled, created_at desc);

create or replace function private.contact_messages_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.full_name := btrim(new.full_name);
  new.email := lower(btrim(new.email));
  new.phone := private.normalize_phone(new.phone);
  new.subject := btrim(new.subject);
  if tg_op = 'UPDATE' and new.handled is distinct from old.handled then
    new.handled_at := case when new.handled then now() end;
  end if;
  return new;
end
$$;
revoke all on function private.contact_messages_before_write() from public;

create trigger contact_messages_before_write
  before insert or update on public.contact_messages
  for each row execute function private.contact_messages_before_write();

alter table public.contact_messages enable row level security;

revoke all on table public.contact_messages from anon, authenticated;
grant insert (full_name, email, phone, subject, message) on table public.contact_messages to anon;
grant insert (user_id, full_name, email, phone, subject, message) on table public.contact_messages to authenticated;
grant select, delete on table public.contact_messages to authenticated;
grant update (handled) on table public.contact_messages to authenticated;

create policy "visitors send messages"
  on public.contact_messages for insert to anon
  with check (user_id is null and not handled);

create policy "signed-in users send messages as themselves"
  on public.contact_messages for insert to authenticated
  with check (user_id = (select auth.uid()) and not handled);

create policy "senders read their own messages, admins read all"
  on public.contact_messages for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "fresh admins mark messages handled"
  on public.contact_messages for update to authenticated
  using ((select private.is_fresh_admin()))
  with check ((select private.is_fresh_admin()));

create policy "fresh admins delete messages"
  on public.contact_messages for delete to authenticated
  using ((select private.is_fresh_admin()));
