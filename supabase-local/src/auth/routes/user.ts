/**
 * GET /user and PUT /user (GoTrue's user.go): the signed-in user, and changes to their password,
 * email and user_metadata. app_metadata is refused here (only the admin API sets it), so a user
 * cannot make themselves staff.
 */
import { endSessions, redirectTarget, validateEmail, type Handler } from '../context.ts';
import { badRequest, forbidden, unprocessable } from '../errors.ts';
import { json, readParams } from '../http.ts';
import { checkPasswordStrength, comparePassword, hashPassword } from '../password.ts';
import { createFlowState, flowOf, validatePkceParams } from '../pkce.ts';
import {
  findUserOwningEmail,
  mergeMetadata,
  refreshProviders,
  reloadUser,
  updateUser,
  userJson,
  type UserPatch,
} from '../users.ts';
import { verifyReauthentication } from './reauthenticate.ts';
import { completeEmailChange } from './verify.ts';

/** How recent a session must be to change the password without a nonce (GoTrue: 24 hours). */
const REAUTHENTICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export const getUser: Handler = async (req, ctx) => {
  const { claims, user } = await ctx.tokens.authenticate(req.headers.authorization);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  const wanted =
    typeof req.headers['x-jwt-aud'] === 'string' && req.headers['x-jwt-aud']
      ? req.headers['x-jwt-aud']
      : 'authenticated';
  if (aud !== wanted) throw badRequest('validation_failed', "Token audience doesn't match request audience");
  return json(userJson(user));
};

const USER_UPDATE_PARAMS = {
  email: 'string',
  password: 'string?',
  current_password: 'string?',
  nonce: 'string',
  data: 'object?',
  app_metadata: 'object?',
  phone: 'string',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

export const updateUserHandler: Handler = async (req, ctx) => {
  const { user, session } = await ctx.tokens.authenticate(req.headers.authorization);
  ctx.limiter.check('user', req.ip);
  const p = await readParams(req, 'UserUpdateParams', USER_UPDATE_PARAMS);
  const { settings, db, now } = ctx;
  const email = p.email ? validateEmail(p.email) : '';
  if (p.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (p.password !== undefined) checkPasswordStrength(p.password, settings);
  if (p.app_metadata !== undefined && !['service_role', 'supabase_admin'].includes(user.row.role ?? '')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  const row = user.row;
  if (row.is_anonymous && p.password && !email) {
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  if (email && email !== row.email && (await findUserOwningEmail(db, email, row.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  validatePkceParams(p.code_challenge_method, p.code_challenge);

  // GoTrue's UserUpdate with UpdatePasswordRequireReauthentication: a session that did not start in
  // the last 24 hours (or none) needs the nonce GET /reauthenticate mailed; a fresh sign-in, or the
  // session a recovery link opened, does not.
  const needsNonce =
    p.password !== undefined &&
    settings.securePasswordChange &&
    (!session || now().getTime() > new Date(session.created_at).getTime() + REAUTHENTICATION_WINDOW_MS);
  if (needsNonce && !p.nonce)
    throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  // as GoTrue: checked (and spent) before the password itself, outside the update's transaction
  if (needsNonce) await verifyReauthentication(db, ctx, row, p.nonce);

  let newHash: string | undefined;
  if (p.password !== undefined && p.password !== '') {
    if (await comparePassword(p.password, row.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    newHash = await hashPassword(p.password);
  }

  const updated = await db.transaction(async (tx) => {
    const t = now();
    let current = row;
    if (p.password !== undefined) {
      // GoTrue's UpdatePassword: pending links die with the old password, other sessions end
      const reset: UserPatch = {
        encrypted_password: newHash ?? '',
        confirmation_token: '',
        confirmation_sent_at: null,
        recovery_token: '',
        recovery_sent_at: null,
        email_change_token_current: '',
        email_change_token_new: '',
        email_change_sent_at: null,
        phone_change_token: '',
        phone_change_sent_at: null,
        reauthentication_token: '',
        reauthentication_sent_at: null,
      };
      current = await updateUser(tx, current.id, reset, t);
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [current.id]);
      await endSessions(tx, current.id, session?.id);
    }
    if (p.data !== undefined) {
      current = await updateUser(
        tx,
        current.id,
        { raw_user_meta_data: mergeMetadata(current.raw_user_meta_data, p.data) },
        t,
      );
    }
    if (p.app_metadata !== undefined) {
      current = await updateUser(
        tx,
        current.id,
        { raw_app_meta_data: mergeMetadata(current.raw_app_meta_data, p.app_metadata) },
        t,
      );
    }
    if (email && email !== current.email && current.is_anonymous && settings.autoconfirm) {
      // an anonymous user adding an address with confirmations off: like signing up, no mail
      current = await updateUser(tx, current.id, { email_change: email }, t);
      current = await completeEmailChange(tx, user, current, t);
      current = await refreshProviders(tx, current, t);
    } else if (email && email !== current.email) {
      const flow = flowOf(p.code_challenge);
      if (flow === 'pkce') {
        await createFlowState(tx, {
          providerType: 'email_change',
          method: 'email_change',
          codeChallenge: p.code_challenge,
          codeChallengeMethod: p.code_challenge_method,
          userId: current.id,
          now: t,
        });
      }
      current = await ctx.mailer.sendEmailChange(
        tx,
        current,
        email,
        flow,
        redirectTarget(req, settings),
        req.baseUrl,
      );
    }
    return reloadUser(tx, current.id);
  });
  return json(userJson(updated));
};
