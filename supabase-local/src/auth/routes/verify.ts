/**
 * GET and POST /verify (GoTrue's verify.go): following a mailed link (GET, answered with a redirect
 * to redirect_to carrying the session in the fragment, `?code=` for PKCE, or the error), or
 * submitting a token_hash / email + code from an app (POST, answered with the session as JSON).
 *
 * Types: signup, invite, recovery, magiclink, email_change (two links with double_confirm_changes:
 * the first one answers "Confirmation link accepted…", the second makes the change) and, for POST,
 * `email` (a code from either a confirmation or a magic-link mail).
 */
import type { Queryable } from '../../db/types.ts';
import {
  confirmUser,
  grantParams,
  redirectTarget,
  validateEmail,
  type AuthContext,
  type Handler,
} from '../context.ts';
import { badRequest, forbidden, HttpError, unprocessable } from '../errors.ts';
import { json, readParams, redirect } from '../http.ts';
import { tokenHash } from '../mail.ts';
import { issueAuthCode } from '../pkce.ts';
import type { AccessTokenResponse, AuthMethod } from '../tokens.ts';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  isBanned,
  isConfirmed,
  refreshProviders,
  reloadUser,
  updateIdentityData,
  updateUser,
  type User,
  type UserRow,
} from '../users.ts';

const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';

/** Go's url.Values.Encode: keys sorted, QueryEscape'd values. */
export function goEncode(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${goEscape(k)}=${goEscape(values[k]!)}`)
    .join('&');
}
const goEscape = (s: string) =>
  encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A session as a redirect fragment (GoTrue's AsRedirectURL). */
export function sessionFragment(url: string, t: AccessTokenResponse, extra: Record<string, string>): string {
  return `${url}#${goEncode({
    ...extra,
    access_token: t.access_token,
    token_type: t.token_type,
    expires_in: String(t.expires_in),
    expires_at: String(t.expires_at),
    refresh_token: t.refresh_token,
    sb: '',
  })}`;
}

/** GoTrue's prepErrorRedirectURL: the error in the fragment (and in the query for PKCE flows). */
export function errorRedirect(url: string, e: HttpError, pkce: boolean): string {
  const u = new URL(url);
  const fields: Record<string, string> = { error_code: e.code, error_description: e.message };
  const oauth = OAUTH_ERRORS[e.status];
  if (oauth) fields.error = oauth;
  if (pkce) for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
  u.hash = '';
  return `${u.toString()}#${goEncode({ ...fields, sb: '' })}`;
}

function authMethodOf(type: string): AuthMethod {
  if (type.endsWith('signup')) return 'email/signup';
  if (['recovery', 'invite', 'magiclink', 'email_change'].includes(type)) return type as AuthMethod;
  throw badRequest('validation_failed', `unsupported authentication method ${JSON.stringify(type)}`);
}

const EXPIRED_LINK = () => forbidden('otp_expired', 'Email link is invalid or has expired');

export const verifyGet: Handler = async (req, ctx) => {
  ctx.limiter.check('verify', req.ip);
  const token = req.query.get('token') ?? '';
  const type = req.query.get('type') ?? '';
  const target = redirectTarget(req, ctx.settings);
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const pkce = token.startsWith('pkce_');
  try {
    const method = pkce ? authMethodOf(type) : undefined;
    const result = await ctx.db.transaction(async (tx) => {
      const user = await userFromTokenHash(tx, ctx, type as VerifyType, token);
      const verified = await applyVerification(tx, ctx, type as VerifyType, token, user);
      if (!verified) return { kind: 'message' as const, message: SINGLE_CONFIRMATION };
      if (pkce)
        return { kind: 'code' as const, code: await issueAuthCode(tx, verified.row.id, method!, ctx.now()) };
      return {
        kind: 'session' as const,
        session: await ctx.tokens.issueSession(tx, verified, 'otp', grantParams(req)),
      };
    });
    if (result.kind === 'message') {
      const u = new URL(target);
      if (pkce) u.searchParams.set('message', result.message);
      u.hash = '';
      return redirect(`${u.toString()}#${goEncode({ message: result.message, sb: '' })}`, 303);
    }
    if (result.kind === 'code') {
      const u = new URL(target);
      u.searchParams.set('code', result.code);
      return redirect(u.toString(), 303);
    }
    return redirect(sessionFragment(target, result.session, { type }), 303);
  } catch (e) {
    if (e instanceof HttpError) return redirect(errorRedirect(target, e, pkce), 303);
    throw e;
  }
};

export const verifyPost: Handler = async (req, ctx) => {
  ctx.limiter.check('verify', req.ip);
  const p = await readParams(req, 'VerifyParams', {
    type: 'string',
    token: 'string',
    token_hash: 'string',
    email: 'string',
    phone: 'string',
    redirect_to: 'string',
  });
  if (!p.type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((p.token === '') === (p.token_hash === '')) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  let hash = p.token_hash;
  let email = '';
  if (p.token) {
    if (p.phone && !p.email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    if (!p.email || p.phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
    try {
      email = validateEmail(p.email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
    hash = tokenHash(email, p.token);
  } else if (p.email || p.phone || p.redirect_to) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'].includes(p.type)) {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  const result = await ctx.db.transaction(async (tx) => {
    const found = p.token
      ? await userFromEmailAndCode(tx, ctx, p.type as VerifyType, email, hash)
      : { user: await userFromTokenHash(tx, ctx, p.type as VerifyType, hash), type: p.type as VerifyType };
    const verified = await applyVerification(tx, ctx, found.type, hash, found.user);
    if (!verified) return null;
    return ctx.tokens.issueSession(tx, verified, 'otp', grantParams(req));
  });
  if (!result) return json({ msg: SINGLE_CONFIRMATION, code: '200' });
  return json(result);
};

const TOKEN_TYPES: Record<VerifyType, string[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
  email: ['confirmation_token', 'recovery_token'],
};

/** GoTrue's verifyTokenHash: the user whose one-time token this is, if the link has not expired. */
async function userFromTokenHash(
  q: Queryable,
  ctx: AuthContext,
  type: VerifyType,
  hash: string,
): Promise<User> {
  const types = TOKEN_TYPES[type];
  if (!types) throw badRequest('validation_failed', 'Invalid email verification type');
  const { rows } = await q.query<{ user_id: string }>(
    'select user_id::text from auth.one_time_tokens where token_type::text = any($1::text[]) and token_hash = $2 limit 1',
    [types, hash],
  );
  const user = rows[0] ? await findUserById(q, rows[0].user_id) : null;
  if (!user) throw EXPIRED_LINK();
  if (isBanned(user.row, ctx.now())) throw forbidden('user_banned', 'User is banned');
  const u = user.row;
  const sentAt =
    type === 'signup' || type === 'invite'
      ? u.confirmation_sent_at
      : type === 'email_change'
        ? u.email_change_sent_at
        : type === 'email' && u.recovery_token !== hash
          ? u.confirmation_sent_at
          : u.recovery_sent_at;
  if (expired(sentAt, ctx)) throw EXPIRED_LINK();
  return user;
}

/** GoTrue's verifyUserAndToken for email + code: the code must match one of the user's pending tokens. */
async function userFromEmailAndCode(
  q: Queryable,
  ctx: AuthContext,
  type: VerifyType,
  email: string,
  hash: string,
): Promise<{ user: User; type: VerifyType }> {
  const invalid = () => forbidden('otp_expired', 'Token has expired or is invalid');
  let user: User | null;
  if (type === 'email_change') {
    const { rows } = await q.query<{ id: string }>(
      `select id::text from auth.users where aud = 'authenticated' and (lower(email_change) = $1 or lower(email) = $1) limit 1`,
      [email],
    );
    user = rows[0] ? await findUserById(q, rows[0].id) : null;
  } else user = await findUserByEmail(q, email);
  if (!user) throw invalid();
  if (isBanned(user.row, ctx.now())) throw forbidden('user_banned', 'User is banned');
  const u = user.row;
  const ok = (expected: string | null, sentAt: Date | null) =>
    !!expected && !!sentAt && !expired(sentAt, ctx) && (expected === hash || expected === `pkce_${hash}`);
  let resolved = type;
  let valid = false;
  if (type === 'email') {
    if (ok(u.confirmation_token, u.confirmation_sent_at)) [valid, resolved] = [true, 'signup'];
    else if (ok(u.recovery_token, u.recovery_sent_at)) [valid, resolved] = [true, 'magiclink'];
  } else if (type === 'signup' || type === 'invite') valid = ok(u.confirmation_token, u.confirmation_sent_at);
  else if (type === 'recovery' || type === 'magiclink') valid = ok(u.recovery_token, u.recovery_sent_at);
  else if (type === 'email_change') {
    valid =
      ok(u.email_change_token_current, u.email_change_sent_at) ||
      ok(u.email_change_token_new, u.email_change_sent_at);
  }
  if (!valid) throw invalid();
  return { user, type: resolved };
}

function expired(sentAt: Date | null, ctx: AuthContext): boolean {
  return !sentAt || ctx.now().getTime() > new Date(sentAt).getTime() + ctx.settings.otpExpiry * 1000;
}

/**
 * What a verified token does, by type. Returns the user to sign in, or null when this was the
 * first of two email-change confirmations.
 */
async function applyVerification(
  q: Queryable,
  ctx: AuthContext,
  type: VerifyType,
  hash: string,
  user: User,
): Promise<User | null> {
  const t = ctx.now();
  let row: UserRow = user.row;
  const effective =
    type === 'email'
      ? row.recovery_token === hash || row.recovery_token === `pkce_${hash}`
        ? 'magiclink'
        : 'signup'
      : type;
  if (effective === 'signup' || effective === 'invite') {
    row = await confirmUser(q, row, t);
    for (const i of user.identities) {
      if (i.email && row.email && i.email === row.email)
        await updateIdentityData(q, i.id, { email_verified: true }, t);
    }
  } else if (effective === 'recovery' || effective === 'magiclink') {
    row = await updateUser(q, row.id, { recovery_token: '' }, t);
    await q.query('delete from auth.one_time_tokens where user_id = $1', [row.id]);
    if (!isConfirmed(row)) row = await confirmUser(q, row, t);
  } else if (effective === 'email_change') {
    const first =
      !ctx.settings.autoconfirm &&
      ctx.settings.secureEmailChange &&
      (row.email_change_confirm_status ?? 0) === 0 &&
      !!row.email;
    if (first) {
      const isCurrent =
        row.email_change_token_current === hash || `pkce_${hash}` === row.email_change_token_current;
      const patch = isCurrent ? { email_change_token_current: '' } : { email_change_token_new: '' };
      await updateUser(q, row.id, { ...patch, email_change_confirm_status: 1 }, t);
      await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
        row.id,
        isCurrent ? 'email_change_token_current' : 'email_change_token_new',
      ]);
      return null;
    }
    row = await completeEmailChange(q, user, row, t);
  } else {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  row = await refreshProviders(q, row, t);
  return reloadUser(q, row.id);
}

/**
 * The address change itself (GoTrue's emailChangeVerify second half + ConfirmEmailChange): the email
 * identity follows (created if missing), pending change tokens are cleared, the user is confirmed.
 */
export async function completeEmailChange(
  q: Queryable,
  user: User,
  current: UserRow,
  t: Date,
): Promise<UserRow> {
  let row = current;
  const newEmail = row.email_change ?? '';
  const identity = user.identities.find((i) => i.provider === 'email');
  if (identity) await updateIdentityData(q, identity.id, { email: newEmail, email_verified: true }, t);
  else {
    await insertIdentity(q, {
      userId: row.id,
      provider: 'email',
      providerId: row.id,
      data: { sub: row.id, email: newEmail, email_verified: true, phone_verified: false },
      now: t,
    });
  }
  row = await updateUser(
    q,
    row.id,
    {
      email: newEmail,
      email_change: '',
      email_change_token_current: '',
      email_change_token_new: '',
      email_change_confirm_status: 0,
      is_anonymous: false,
    },
    t,
  );
  await q.query('delete from auth.one_time_tokens where user_id = $1', [row.id]);
  if (!isConfirmed(row)) row = await confirmUser(q, row, t);
  return row;
}
