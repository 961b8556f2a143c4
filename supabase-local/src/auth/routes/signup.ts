/**
 * POST /signup (GoTrue's signup.go): email + password sign-up, and anonymous sign-in when the body
 * has neither email nor phone.
 *
 * A new user gets app_metadata {provider: 'email', providers: ['email']}, an `email` identity whose
 * provider_id is the user id, and user_metadata seeded from that identity (sub, email,
 * email_verified, phone_verified) plus the `data` sent. With confirmations off the user is
 * confirmed and signed in at once; with them on a confirmation mail goes to the mailbox and the
 * answer is the user without a session.
 *
 * Repeating a sign-up: an unconfirmed address gets its confirmation mail again (password and
 * metadata untouched: the caller has not proved who they are). A confirmed one answers, with
 * confirmations on, a made-up user exactly like a first sign-up (so the endpoint cannot be used to
 * find out which addresses have accounts); with confirmations off, 422 user_already_exists.
 */
import { randomUUID } from 'node:crypto';
import {
  confirmUser,
  grantParams,
  redirectTarget,
  validateEmail,
  type AuthContext,
  type Handler,
} from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { json, readParams, type AuthRequest, type Reply } from '../http.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { createFlowState, flowOf, validatePkceParams } from '../pkce.ts';
import {
  findIdentity,
  findUserOwningEmail,
  insertIdentity,
  insertUser,
  isConfirmed,
  reloadUser,
  refreshProviders,
  updateUser,
  userJson,
  type User,
} from '../users.ts';

const SIGNUP_PARAMS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  data: 'object?',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

export const signup: Handler = async (req, ctx) => {
  const p = await readParams(req, 'SignupParams', SIGNUP_PARAMS);
  if (!p.email && !p.phone) return signInAnonymously(req, ctx, p.data ?? {});
  ctx.limiter.check('signup', req.ip);
  if (ctx.settings.disableSignup)
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (!p.password) throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(p.password, ctx.settings);
  if (p.email && p.phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  validatePkceParams(p.code_challenge_method, p.code_challenge);
  if (p.phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  return signUpWithEmail(req, ctx, {
    email: p.email,
    password: p.password,
    data: p.data ?? {},
    codeChallenge: p.code_challenge,
    codeChallengeMethod: p.code_challenge_method,
  });
};

export interface EmailSignup {
  email: string;
  password: string;
  data: Record<string, unknown>;
  codeChallenge: string;
  codeChallengeMethod: string;
}

/** The email branch of GoTrue's Signup (also reached from /otp for new addresses). */
export async function signUpWithEmail(req: AuthRequest, ctx: AuthContext, p: EmailSignup): Promise<Reply> {
  const { settings, db, now } = ctx;
  if (!settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  const email = validateEmail(p.email);
  const flow = flowOf(p.codeChallenge);
  const existing = await findUserOwningEmail(db, email);
  const passwordHash = existing ? '' : await hashPassword(p.password); // slow: outside the transaction

  const outcome = await db.transaction(async (tx): Promise<{ exists: User } | { user: User }> => {
    const t = now();
    let user: User;
    if (existing) {
      if (isConfirmed(existing.row)) return { exists: existing };
      user = existing;
    } else {
      user = await insertUser(tx, {
        id: randomUUID(),
        email,
        encryptedPassword: passwordHash,
        userMetadata: p.data,
        appMetadata: { provider: 'email', providers: ['email'] },
        role: 'authenticated',
        now: t,
      });
    }
    let row = user.row;
    if (!(await findIdentity(tx, 'email', row.id))) {
      const identityData: Record<string, unknown> = {
        sub: row.id,
        email: row.email ?? '',
        email_verified: false,
        phone_verified: false,
      };
      for (const [k, v] of Object.entries(p.data)) if (!(k in identityData)) identityData[k] = v;
      const identity = await insertIdentity(tx, {
        userId: row.id,
        provider: 'email',
        providerId: row.id,
        data: identityData,
        now: t,
      });
      // GoTrue's RemoveUnconfirmedIdentities: an unconfirmed account keeps only this identity and its metadata
      row = await updateUser(tx, row.id, { raw_user_meta_data: identity.identity_data }, t);
      await tx.query('delete from auth.identities where user_id = $1 and id <> $2', [row.id, identity.id]);
      row = await refreshProviders(tx, row, t);
    }
    if (!isConfirmed(row)) {
      if (settings.autoconfirm) {
        row = await confirmUser(tx, row, t);
      } else {
        if (flow === 'pkce') {
          await createFlowState(tx, {
            providerType: 'email',
            method: 'email/signup',
            codeChallenge: p.codeChallenge,
            codeChallengeMethod: p.codeChallengeMethod,
            userId: row.id,
            now: t,
          });
        }
        row = await ctx.mailer.sendConfirmation(tx, row, flow, redirectTarget(req, settings), req.baseUrl);
      }
    }
    return { user: await reloadUser(tx, row.id) };
  });

  if ('exists' in outcome) {
    if (settings.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    return json(sanitizedUser(outcome.exists, p.data, now()));
  }
  const user = outcome.user;
  if (isConfirmed(user.row)) {
    const token = await db.transaction((tx) =>
      ctx.tokens.issueSession(tx, user, 'password', grantParams(req)),
    );
    return json(token);
  }
  return json(userJson(user));
}

/** GoTrue's sanitizeUser: what a first sign-up would have answered, with nothing of the real account. */
function sanitizedUser(existing: User, data: Record<string, unknown>, t: Date): Record<string, unknown> {
  const fake = userJson({
    row: {
      ...existing.row,
      id: randomUUID(),
      role: '',
      email_change: '',
      created_at: t,
      updated_at: t,
      confirmation_sent_at: t,
      last_sign_in_at: null,
      confirmed_at: null,
      email_change_sent_at: null,
      email_confirmed_at: null,
      phone_confirmed_at: null,
      // nothing of the real account's history either (GoTrue leaves these; a first sign-up has none)
      recovery_sent_at: null,
      reauthentication_sent_at: null,
      phone_change_sent_at: null,
      phone_change: '',
      invited_at: null,
      banned_until: null,
      deleted_at: null,
      phone: null,
      raw_user_meta_data: data,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
    },
    identities: [],
  });
  return fake;
}

/** Anonymous sign-in (GoTrue's SignupAnonymously), when enabled in config.toml. */
async function signInAnonymously(
  req: AuthRequest,
  ctx: AuthContext,
  data: Record<string, unknown>,
): Promise<Reply> {
  if (!ctx.settings.anonymousSignIns)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  ctx.limiter.check('anonymous', req.ip);
  if (ctx.settings.disableSignup)
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const token = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      id: randomUUID(),
      email: '',
      encryptedPassword: '',
      userMetadata: data,
      appMetadata: {},
      role: 'authenticated',
      now: ctx.now(),
      isAnonymous: true,
    });
    return ctx.tokens.issueSession(tx, user, 'anonymous', grantParams(req));
  });
  return json(token);
}
