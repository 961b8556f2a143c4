/**
 * The admin API (GoTrue's admin.go), for the service_role key only: list, create, read, update and
 * delete users. This is the one place app_metadata can be set (the store's staff role lives there),
 * and where an address can be confirmed or a user banned without mail.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import { confirmUser, endSessions, validateEmail, type AuthContext, type Handler } from '../context.ts';
import { badRequest, forbidden, HttpError, notFound, unprocessable } from '../errors.ts';
import { json, readParams, type AuthRequest } from '../http.ts';
import { checkPasswordStrength, hashPassword, MAX_PASSWORD_LENGTH, randomPassword } from '../password.ts';
import { parseDuration } from '../options.ts';
import {
  findIdentity,
  findUserById,
  findUserOwningEmail,
  insertIdentity,
  insertUser,
  mergeMetadata,
  reloadUser,
  updateIdentityData,
  updateUser,
  userJson,
  type User,
  type UserRow,
} from '../users.ts';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/** GoTrue's requireAdminCredentials: a valid JWT whose role is an admin role. */
export async function requireAdmin(req: AuthRequest, ctx: AuthContext): Promise<void> {
  const m = /^(?:B|b)earer (\S+)$/.exec(req.headers.authorization ?? '');
  if (!m) throw new HttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await ctx.tokens.verifyClaims(m[1]!);
  if (typeof claims.session_id === 'string' && claims.session_id)
    await ctx.tokens.authenticate(req.headers.authorization);
  if (!ADMIN_ROLES.includes(String(claims.role ?? ''))) throw forbidden('not_admin', 'User not allowed');
}

async function loadUser(req: AuthRequest, ctx: AuthContext): Promise<User> {
  const id = req.params.id ?? '';
  if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(id)) {
    throw notFound('validation_failed', 'user_id must be an UUID');
  }
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

const ADMIN_USER_PARAMS = {
  id: 'string',
  aud: 'string',
  role: 'string',
  email: 'string',
  phone: 'string',
  password: 'string?',
  password_hash: 'string',
  email_confirm: 'boolean',
  phone_confirm: 'boolean',
  user_metadata: 'object?',
  app_metadata: 'object?',
  ban_duration: 'string',
} as const;

function banUntil(duration: string, now: Date): Date | null | undefined {
  if (!duration) return undefined;
  if (duration === 'none') return null;
  let ms: number;
  try {
    ms = parseDuration(duration);
  } catch (e) {
    throw badRequest('validation_failed', `invalid format for ban duration: ${(e as Error).message}`);
  }
  return ms === 0 ? null : new Date(now.getTime() + ms);
}

function validatePhone(phone: string): string {
  const p = phone.replace(/[\s()+-]/g, '');
  if (!/^[1-9]\d{7,14}$/.test(p))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return p;
}

export const listUsers: Handler = async (req, ctx) => {
  await requireAdmin(req, ctx);
  const num = (name: string, d: number) => {
    const v = req.query.get(name);
    if (!v) return d;
    if (!/^\d+$/.test(v))
      throw badRequest(
        'validation_failed',
        `Bad Pagination Parameters: strconv.ParseUint: parsing "${v}": invalid syntax`,
      );
    return Number(v);
  };
  const page = Math.max(num('page', 1), 1);
  const perPage = num('per_page', 50);
  const filter = req.query.get('filter') ?? '';
  const where = `aud = 'authenticated'${filter ? ` and (email like $1 or raw_user_meta_data ->> 'full_name' ilike $1)` : ''}`;
  const args = filter ? [`%${filter}%`] : [];
  const total = Number(
    (await ctx.db.query<{ n: string }>(`select count(*)::text as n from auth.users where ${where}`, args))
      .rows[0]!.n,
  );
  const { rows } = await ctx.db.query<{ id: string }>(
    `select id::text from auth.users where ${where} order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`,
    args,
  );
  const users: Record<string, unknown>[] = [];
  for (const r of rows) {
    const u = await findUserById(ctx.db, r.id);
    if (u) users.push(userJson(u));
  }
  // GoTrue's pagination headers (auth-js reads them for nextPage / lastPage / total)
  const totalPages = Math.max(Math.ceil(total / Math.max(perPage, 1)), 1);
  const link = (p: number) => `</admin/users?page=${p}&per_page=${perPage}>`;
  const links = [
    ...(totalPages > page ? [`${link(page + 1)}; rel="next"`] : []),
    `${link(totalPages)}; rel="last"`,
  ];
  return json({ users, aud: 'authenticated' }, 200, {
    Link: links.join(', '),
    'X-Total-Count': String(total),
  });
};

export const getUserAdmin: Handler = async (req, ctx) => {
  await requireAdmin(req, ctx);
  return json(userJson(await loadUser(req, ctx)));
};

export const createUser: Handler = async (req, ctx) => {
  await requireAdmin(req, ctx);
  const p = await readParams(req, 'AdminUserParams', ADMIN_USER_PARAMS);
  if (!p.email && !p.phone)
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const providers: string[] = [];
  let email = '';
  let phone = '';
  if (p.email) {
    email = validateEmail(p.email);
    if (await findUserOwningEmail(ctx.db, email)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    providers.push('email');
  }
  if (p.phone) {
    phone = validatePhone(p.phone);
    const dup = await ctx.db.query('select 1 from auth.users where phone = $1', [phone]);
    if (dup.rows.length)
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    providers.push('phone');
  }
  if (p.password !== undefined && p.password_hash) {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  let hash: string;
  if (p.password_hash) {
    if (!/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(p.password_hash))
      throw badRequest('validation_failed', 'Invalid password hash: only bcrypt hashes are supported');
    hash = p.password_hash;
  } else {
    const password = p.password || randomPassword();
    if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH)
      throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
    hash = await hashPassword(password);
  }
  let id: string = randomUUID();
  if (p.id) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(p.id)) {
      throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
    }
    if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(p.id))
      throw badRequest('validation_failed', 'ID cannot be a nil uuid');
    id = p.id.toLowerCase();
  }
  const t = ctx.now();
  const banned = banUntil(p.ban_duration, t);
  const user = await ctx.db.transaction(async (tx) => {
    let created = await insertUser(tx, {
      id,
      email,
      phone,
      encryptedPassword: hash,
      userMetadata: p.user_metadata ?? {},
      appMetadata: { provider: providers[0], providers },
      role: p.role || 'authenticated',
      now: t,
    });
    if (email) {
      await insertIdentity(tx, {
        userId: id,
        provider: 'email',
        providerId: id,
        data: { sub: id, email, email_verified: false, phone_verified: false },
        now: t,
      });
    }
    if (phone) {
      await insertIdentity(tx, {
        userId: id,
        provider: 'phone',
        providerId: id,
        data: { sub: id, phone, email_verified: false, phone_verified: false },
        now: t,
      });
    }
    let row: UserRow = created.row;
    if (p.app_metadata)
      row = await updateUser(
        tx,
        id,
        { raw_app_meta_data: mergeMetadata(row.raw_app_meta_data, p.app_metadata) },
        t,
      );
    if (p.email_confirm) await confirmUser(tx, row, t);
    if (p.phone_confirm) await updateUser(tx, id, { phone_confirmed_at: t }, t);
    if (banned !== undefined) await updateUser(tx, id, { banned_until: banned }, t);
    created = await reloadUser(tx, id);
    return created;
  });
  return json(userJson(user));
};

export const updateUserAdmin: Handler = async (req, ctx) => {
  await requireAdmin(req, ctx);
  const user = await loadUser(req, ctx);
  const p = await readParams(req, 'AdminUserParams', ADMIN_USER_PARAMS);
  const email = p.email ? validateEmail(p.email) : '';
  const phone = p.phone ? validatePhone(p.phone) : '';
  const t = ctx.now();
  const banned = banUntil(p.ban_duration, t);
  let hash: string | undefined;
  if (p.password !== undefined) {
    checkPasswordStrength(p.password, ctx.settings);
    hash = await hashPassword(p.password);
  }
  if (email && email !== user.row.email && (await findUserOwningEmail(ctx.db, email, user.row.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const id = user.row.id;
    let row = user.row;
    if (p.role) row = await updateUser(tx, id, { role: p.role }, t);
    if (p.email_confirm) row = await confirmUser(tx, row, t);
    if (p.phone_confirm) row = await updateUser(tx, id, { phone_confirmed_at: t }, t);
    if (hash !== undefined) {
      row = await updateUser(
        tx,
        id,
        {
          encrypted_password: hash,
          confirmation_token: '',
          recovery_token: '',
          email_change_token_current: '',
          email_change_token_new: '',
        },
        t,
      );
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [id]);
      await endSessions(tx, id);
    }
    if (email) {
      await setIdentity(tx, id, 'email', { email, email_verified: p.email_confirm }, t);
      row = await updateUser(
        tx,
        id,
        { email, ...(p.email_confirm && row.is_anonymous ? { is_anonymous: false } : {}) },
        t,
      );
    }
    if (phone) {
      await setIdentity(tx, id, 'phone', { phone, phone_verified: p.phone_confirm }, t);
      row = await updateUser(tx, id, { phone }, t);
    }
    if (p.app_metadata)
      row = await updateUser(
        tx,
        id,
        { raw_app_meta_data: mergeMetadata(row.raw_app_meta_data, p.app_metadata) },
        t,
      );
    if (p.user_metadata)
      await updateUser(
        tx,
        id,
        { raw_user_meta_data: mergeMetadata(row.raw_user_meta_data, p.user_metadata) },
        t,
      );
    if (banned !== undefined) await updateUser(tx, id, { banned_until: banned }, t);
    return reloadUser(tx, id);
  });
  return json(userJson(updated));
};

/** The user's email/phone identity gets the new address (created if missing). */
async function setIdentity(
  q: Queryable,
  userId: string,
  provider: 'email' | 'phone',
  data: Record<string, unknown>,
  t: Date,
) {
  const existing = await findIdentity(q, provider, userId);
  if (existing) await updateIdentityData(q, existing.id, data, t);
  else {
    await insertIdentity(q, {
      userId,
      provider,
      providerId: userId,
      data: { sub: userId, email_verified: false, phone_verified: false, ...data },
      now: t,
    });
  }
}

export const deleteUser: Handler = async (req, ctx) => {
  await requireAdmin(req, ctx);
  const user = await loadUser(req, ctx);
  const raw = (await req.body()).toString('utf8').trim();
  const p = raw
    ? await readParams(req, 'adminUserDeleteParams', { should_soft_delete: 'boolean' })
    : { should_soft_delete: false };
  const u = user.row;
  await ctx.db.transaction(async (tx) => {
    if (!p.should_soft_delete) {
      await tx.query('delete from auth.users where id = $1', [u.id]);
      return;
    }
    if (u.deleted_at) return;
    // GoTrue's SoftDeleteUser: the row stays, nothing in it identifies the person any more
    const obfuscate = (v: string) =>
      createHash('sha256')
        .update(u.id + v)
        .digest('base64url');
    const t = ctx.now();
    await updateUser(
      tx,
      u.id,
      {
        email: u.email ? obfuscate(u.email) : null,
        phone: u.phone ? obfuscate(u.phone).slice(0, 15) : null,
        email_change: u.email_change ? obfuscate(u.email_change) : '',
        phone_change: u.phone_change ? obfuscate(u.phone_change).slice(0, 15) : '',
        encrypted_password: null,
        confirmation_token: '',
        recovery_token: '',
        email_change_token_current: '',
        email_change_token_new: '',
        phone_change_token: '',
        deleted_at: t,
        raw_user_meta_data: {},
        raw_app_meta_data: {},
      },
      t,
    );
    await tx.query('delete from auth.one_time_tokens where user_id = $1', [u.id]);
    await endSessions(tx, u.id);
    for (const i of user.identities) {
      await tx.query(
        `update auth.identities set identity_data = '{}'::jsonb, provider_id = $2, updated_at = $3 where id = $1`,
        [
          i.id,
          createHash('sha256')
            .update(i.user_id + `${i.provider}:${i.provider_id}`)
            .digest('base64url'),
          t.toISOString(),
        ],
      );
    }
  });
  return json({});
};
