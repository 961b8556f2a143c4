/**
 * POST /token (GoTrue's token.go): grant_type=password, refresh_token or pkce. Every grant shares
 * one rate limit (token_refresh per 5 minutes per address, bursts of 30).
 */
import { grantParams, type Handler } from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { json, readParams } from '../http.ts';
import { checkPasswordStrength, comparePassword } from '../password.ts';
import { takeFlowState } from '../pkce.ts';
import type { AuthMethod } from '../tokens.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed } from '../users.ts';
import { WeakPasswordError } from '../errors.ts';

const INVALID_LOGIN = 'Invalid login credentials';

export const token: Handler = async (req, ctx) => {
  const grant = req.query.get('grant_type') ?? '';
  const handler =
    grant === 'password'
      ? passwordGrant
      : grant === 'refresh_token'
        ? refreshGrant
        : grant === 'pkce'
          ? pkceGrant
          : null;
  if (!handler) throw badRequest('invalid_credentials', 'unsupported_grant_type');
  ctx.limiter.check('token', req.ip);
  return handler(req, ctx);
};

const passwordGrant: Handler = async (req, ctx) => {
  const p = await readParams(req, 'PasswordGrantParams', {
    email: 'string',
    phone: 'string',
    password: 'string',
  });
  if (p.email && p.phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (p.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!p.email) throw badRequest('validation_failed', 'missing email or phone');
  if (!ctx.settings.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const user = await findUserByEmail(ctx.db, p.email);
  if (!user || !user.row.encrypted_password) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user.row, ctx.now())) throw badRequest('user_banned', 'User is banned');
  if (!(await comparePassword(p.password, user.row.encrypted_password))) {
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  // a password that no longer meets the rules still signs in; the answer says why it is weak
  let weak: { reasons: string[]; message: string } | undefined;
  try {
    checkPasswordStrength(p.password, ctx.settings);
  } catch (e) {
    if (e instanceof WeakPasswordError) weak = { message: e.message, reasons: e.reasons };
  }
  if (!isConfirmed(user.row)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await ctx.db.transaction((tx) =>
    ctx.tokens.issueSession(tx, user, 'password', grantParams(req)),
  );
  return json(weak ? { ...session, weak_password: weak } : session);
};

const refreshGrant: Handler = async (req, ctx) => {
  const p = await readParams(req, 'RefreshTokenGrantParams', { refresh_token: 'string' });
  return json(await ctx.tokens.refresh(p.refresh_token, grantParams(req)));
};

const pkceGrant: Handler = async (req, ctx) => {
  const p = await readParams(req, 'PKCEGrantParams', { auth_code: 'string', code_verifier: 'string' });
  if (!p.auth_code || !p.code_verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const session = await ctx.db.transaction(async (tx) => {
    const flow = await takeFlowState(
      tx,
      p.auth_code,
      p.code_verifier,
      ctx.settings.flowStateExpiry,
      ctx.now(),
    );
    const user = await findUserById(tx, flow.user_id!);
    if (!user) throw badRequest('user_not_found', 'User not found');
    const s = await ctx.tokens.issueSession(
      tx,
      user,
      flow.authentication_method as AuthMethod,
      grantParams(req),
    );
    if (flow.provider_access_token) s.provider_token = flow.provider_access_token;
    if (flow.provider_refresh_token) s.provider_refresh_token = flow.provider_refresh_token;
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    return s;
  });
  return json(session);
};
