-- Staff rights follow the live account, not an old token (issue 12). Until now private.is_admin()
-- read only the JWT: a staff member who signed out, or whom the service role demoted, kept admin
-- rights until the token expired (up to an hour). Now the JWT must also name a session that still
-- exists in auth.sessions (POST /auth/v1/logout deletes it; so does "sign out everywhere") and the
-- account itself must still say app_metadata.role = 'admin' (auth.users.raw_app_meta_data), not be
-- banned or deleted. is_fresh_admin() calls is_admin(), so every admin write follows too.
--
-- Cost: policies call it as `(select private.is_admin())`, one init plan per statement: two primary
-- key lookups (auth.sessions.id, auth.users.id), and only when the JWT already claims admin.

create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
    and exists (
      select 1
      from auth.sessions as s
      join auth.users as u on u.id = s.user_id
      where s.id = (
          -- A malformed session_id is no session (never a cast error).
          select case when c.sid ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then c.sid::uuid end
          from (select (select auth.jwt()) ->> 'session_id' as sid) as c
        )
        and s.user_id = (select auth.uid())
        and (s.not_after is null or s.not_after > now())
        and coalesce(u.raw_app_meta_data ->> 'role', '') = 'admin'
        and (u.banned_until is null or u.banned_until <= now())
        and u.deleted_at is null
    )
$$;
comment on function private.is_admin() is
  'True when the JWT carries app_metadata.role = admin AND its session still exists AND the account is still admin (not banned or deleted).';

revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to authenticated, service_role;
