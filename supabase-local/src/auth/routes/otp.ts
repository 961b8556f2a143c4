/**
 * POST /otp (GoTrue's otp.go + magic_link.go): a magic link (and its one-time code) by email.
 * An address without a confirmed account is signed up first (with a random password), and then
 * gets the sign-up confirmation, which serves as its magic link; `create_user: false` refuses
 * unknown addresses instead. Phone OTP is not available (no SMS provider locally).
 */
import { randomPassword } from '../password.ts';
import { redirectTarget, validateEmail, type Handler } from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { json, readParams } from '../http.ts';
import { createFlowState, flowOf, validatePkceParams } from '../pkce.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';
import { signUpWithEmail } from './signup.ts';

const OTP_PARAMS = {
  email: 'string',
  phone: 'string',
  create_user: 'boolean',
  data: 'object?',
  channel: 'string',
  code_challenge_method: 'string',
  code_challenge: 'string',
} as const;

export const otp: Handler = async (req, ctx) => {
  ctx.limiter.check('otp', req.ip);
  const p = await readParams(req, 'OtpParams', OTP_PARAMS, { create_user: true });
  if (p.email && p.phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (p.email && p.channel)
    throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
  validatePkceParams(p.code_challenge_method, p.code_challenge);
  if (!p.create_user && p.email) {
    const email = validateEmail(p.email);
    if (!(await findUserByEmail(ctx.db, email)))
      throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  if (p.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!p.email) throw badRequest('validation_failed', 'One of email or phone must be set');
  return magicLink(req, ctx, p.email, p.data ?? {}, p.code_challenge, p.code_challenge_method);
};

async function magicLink(
  req: Parameters<Handler>[0],
  ctx: Parameters<Handler>[1],
  rawEmail: string,
  data: Record<string, unknown>,
  codeChallenge: string,
  codeChallengeMethod: string,
) {
  if (!ctx.settings.emailEnabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const email = validateEmail(rawEmail);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !isConfirmed(user.row)) {
    const reply = await signUpWithEmail(req, ctx, {
      email,
      password: randomPassword(),
      data,
      codeChallenge,
      codeChallengeMethod,
    });
    // with confirmations off the new user is confirmed: send the magic link proper
    if (ctx.settings.autoconfirm && reply.status === 200)
      return magicLink(req, ctx, email, data, codeChallenge, codeChallengeMethod);
    return json({});
  }
  const flow = flowOf(codeChallenge);
  await ctx.db.transaction(async (tx) => {
    if (flow === 'pkce') {
      await createFlowState(tx, {
        providerType: 'magiclink',
        method: 'magiclink',
        codeChallenge,
        codeChallengeMethod,
        userId: user.row.id,
        now: ctx.now(),
      });
    }
    await ctx.mailer.sendRecovery(
      tx,
      user.row,
      'magiclink',
      flow,
      redirectTarget(req, ctx.settings),
      req.baseUrl,
    );
  });
  return json({});
}
