/**
 * auth.users and auth.identities, read and written as GoTrue's models do (internal/models/user.go,
 * identity.go), and the user object GoTrue answers with (the JSON auth-js reads as `User`).
 */
import type { Queryable } from '../db/types.ts';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  reauthentication_sent_at: Date | null;
  phone_change_token: string | null;
  reauthentication_token: string | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

/** A user and the identities GoTrue loads with it (`Eager()`). */
export interface User {
  row: UserRow;
  identities: IdentityRow[];
}

/** Columns handlers may set through updateUser (generated and key columns excluded). */
export type UserPatch = Partial<
  Omit<UserRow, 'id' | 'confirmed_at' | 'created_at' | 'updated_at' | 'is_sso_user'>
>;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

/** Parameter values: Dates as ISO text, objects as JSON text (Postgres casts both from the column type). */
function param(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v;
}

export async function findUserById(q: Queryable, id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  const { rows } = await q.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ? withIdentities(q, rows[0]) : null;
}

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, SSO accounts excluded. */
export async function findUserByEmail(
  q: Queryable,
  email: string,
  aud = 'authenticated',
): Promise<User | null> {
  const { rows } = await q.query<UserRow>(
    'select * from auth.users where lower(email) = $1 and aud = $2 and is_sso_user = false limit 1',
    [email.toLowerCase(), aud],
  );
  return rows[0] ? withIdentities(q, rows[0]) : null;
}

/**
 * GoTrue's IsDuplicatedEmail: another user (not `exceptUserId`) owning the address through one of
 * its identities, or as its email.
 */
export async function findUserOwningEmail(
  q: Queryable,
  email: string,
  exceptUserId?: string,
): Promise<User | null> {
  const { rows } = await q.query<{ user_id: string }>(
    `select user_id::text from auth.identities where email = $1 and user_id::text <> $2
     union
     select id::text from auth.users where lower(email) = $1 and aud = 'authenticated' and is_sso_user = false and id::text <> $2
     limit 1`,
    [email.toLowerCase(), exceptUserId ?? ''],
  );
  return rows[0] ? findUserById(q, rows[0].user_id) : null;
}

async function withIdentities(q: Queryable, row: UserRow): Promise<User> {
  const { rows } = await q.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [row.id],
  );
  return { row, identities: rows };
}

export async function reloadUser(q: Queryable, id: string): Promise<User> {
  const u = await findUserById(q, id);
  if (!u) throw new Error(`user ${id} vanished`);
  return u;
}

export interface NewUser {
  id: string;
  email: string;
  phone?: string;
  encryptedPassword: string;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  role: string;
  now: Date;
  isAnonymous?: boolean;
}

/** Inserts a user as GoTrue's tx.Create(user) does (empty strings where GoTrue writes them). */
export async function insertUser(q: Queryable, u: NewUser): Promise<User> {
  await q.query(
    `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, confirmation_token, recovery_token,
       email_change_token_new, email_change, email_change_token_current, email_change_confirm_status,
       phone, phone_change, phone_change_token, reauthentication_token,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous
     ) values ($1, $2, 'authenticated', $3, $4, $5, '', '', '', '', '', 0, $6, '', '', '', $7, $8, $9, $9, $10)`,
    [
      NIL_UUID,
      u.id,
      u.role,
      u.email || null,
      u.encryptedPassword,
      u.phone || null,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.now.toISOString(),
      u.isAnonymous ?? false,
    ],
  );
  // triggers on auth.users may have changed the row (GoTrue reloads it too)
  return reloadUser(q, u.id);
}

/** UPDATE of the given columns, bumping updated_at as pop's UpdateOnly does. */
export async function updateUser(q: Queryable, id: string, patch: UserPatch, now: Date): Promise<UserRow> {
  const cols = Object.keys(patch);
  const sets = cols.map((c, i) => `${quoteColumn(c)} = $${i + 3}`);
  const { rows } = await q.query<UserRow>(
    `update auth.users set ${[...sets, 'updated_at = $2'].join(', ')} where id = $1 returning *`,
    [id, now.toISOString(), ...cols.map((c) => param((patch as Record<string, unknown>)[c]))],
  );
  if (!rows[0]) throw new Error(`user ${id} vanished`);
  return rows[0];
}

const USER_COLUMNS = new Set<string>([
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
  'email_change_token_current',
  'email_change_confirm_status',
  'last_sign_in_at',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'phone',
  'phone_confirmed_at',
  'phone_change',
  'phone_change_sent_at',
  'reauthentication_sent_at',
  'phone_change_token',
  'reauthentication_token',
  'banned_until',
  'deleted_at',
  'is_anonymous',
]);

function quoteColumn(c: string): string {
  if (!USER_COLUMNS.has(c)) throw new Error(`not an auth.users column: ${c}`);
  return `"${c}"`;
}

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData merge: null values delete keys. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function insertIdentity(
  q: Queryable,
  i: { userId: string; provider: string; providerId: string; data: Record<string, unknown>; now: Date },
): Promise<IdentityRow> {
  const data = { ...i.data };
  if (typeof data.email === 'string') data.email = data.email.toLowerCase();
  const { rows } = await q.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5, $5) returning *`,
    [i.providerId, i.userId, JSON.stringify(data), i.provider, i.now.toISOString()],
  );
  return rows[0]!;
}

export async function findIdentity(
  q: Queryable,
  provider: string,
  providerId: string,
): Promise<IdentityRow | null> {
  const { rows } = await q.query<IdentityRow>(
    'select * from auth.identities where provider = $1 and provider_id = $2',
    [provider, providerId],
  );
  return rows[0] ?? null;
}

/** Merges into identity_data (GoTrue's UpdateIdentityData). */
export async function updateIdentityData(
  q: Queryable,
  identityId: string,
  updates: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await q.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = $3 where id = $1`,
    [identityId, JSON.stringify(updates), now.toISOString()],
  );
}

/** GoTrue's UpdateAppMetaDataProviders: app_metadata.providers from the identities, oldest first. */
export async function refreshProviders(q: Queryable, user: UserRow, now: Date): Promise<UserRow> {
  const { rows } = await q.query<{ provider: string }>(
    'select provider from auth.identities where user_id = $1 order by created_at, id',
    [user.id],
  );
  const providers = [...new Set(rows.map((r) => r.provider))];
  const updates: Record<string, unknown> = { providers };
  if (providers.length) updates.provider = providers[0];
  return updateUser(q, user.id, { raw_app_meta_data: mergeMetadata(user.raw_app_meta_data, updates) }, now);
}

export function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

export const isBanned = (u: UserRow, now: Date) => u.banned_until !== null && now < new Date(u.banned_until);
export const isConfirmed = (u: UserRow) => u.email_confirmed_at !== null;

/** The user object as GoTrue serialises models.User (field order and omitempty kept). */
export function userJson(user: User): Record<string, unknown> {
  const u = user.row;
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
  };
  const opt = (k: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  };
  opt('email_confirmed_at', iso(u.email_confirmed_at));
  opt('invited_at', iso(u.invited_at));
  out.phone = u.phone ?? '';
  opt('phone_confirmed_at', iso(u.phone_confirmed_at));
  opt('confirmation_sent_at', iso(u.confirmation_sent_at));
  opt('confirmed_at', iso(u.confirmed_at));
  opt('recovery_sent_at', iso(u.recovery_sent_at));
  opt('new_email', u.email_change);
  opt('email_change_sent_at', iso(u.email_change_sent_at));
  opt('new_phone', u.phone_change);
  opt('phone_change_sent_at', iso(u.phone_change_sent_at));
  opt('reauthentication_sent_at', iso(u.reauthentication_sent_at));
  opt('last_sign_in_at', iso(u.last_sign_in_at));
  out.app_metadata = u.raw_app_meta_data;
  out.user_metadata = u.raw_user_meta_data;
  out.identities = user.identities.map(identityJson);
  out.created_at = iso(u.created_at) ?? '0001-01-01T00:00:00Z';
  out.updated_at = iso(u.updated_at) ?? '0001-01-01T00:00:00Z';
  opt('banned_until', iso(u.banned_until));
  opt('deleted_at', iso(u.deleted_at));
  out.is_anonymous = u.is_anonymous;
  return out;
}

export function identityJson(i: IdentityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
  };
  if (i.last_sign_in_at) out.last_sign_in_at = iso(i.last_sign_in_at);
  out.created_at = iso(i.created_at) ?? '0001-01-01T00:00:00Z';
  out.updated_at = iso(i.updated_at) ?? '0001-01-01T00:00:00Z';
  if (i.email) out.email = i.email;
  return out;
}
