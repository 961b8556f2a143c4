/**
 * POST /resend (GoTrue's resend.go): the sign-up confirmation or email-change mail again. `{}` in
 * every case where nothing is wrong with the request itself, whether or not the address exists.
 */
import { redirectTarget, validateEmail, type Handler } from '../context.ts';
import { badRequest } from '../errors.ts';
import { json, readParams } from '../http.ts';
import { createFlowState, flowOf, validatePkceParams } from '../pkce.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';

export const resend: Handler = async (req, ctx) => {
  ctx.limiter.check('resend', req.ip);
  const p = await readParams(req, 'ResendConfirmationParams', {
    type: 'string',
    email: 'string',
    phone: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  });
  if (p.type === 'signup' || p.type === 'email_change')
    validatePkceParams(p.code_challenge_method, p.code_challenge);
  else if (p.type !== 'sms' && p.type !== 'phone_change') {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (!p.email && p.type === 'signup')
    throw badRequest('validation_failed', 'Type provided requires an email address');
  if (!p.phone && p.type === 'sms')
    throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (p.email && p.phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (p.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!p.email) throw badRequest('validation_failed', 'Missing email address or phone number');
  if (!ctx.settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
  const email = validateEmail(p.email);

  const user = await findUserByEmail(ctx.db, email);
  if (!user) return json({});
  if (p.type === 'signup' && isConfirmed(user.row)) return json({});
  if (p.type === 'email_change' && !user.row.email_change) return json({});
  if (p.type !== 'signup' && p.type !== 'email_change') return json({});

  const flow = flowOf(p.code_challenge);
  await ctx.db.transaction(async (tx) => {
    const method = p.type === 'signup' ? 'email/signup' : 'email_change';
    if (flow === 'pkce') {
      await createFlowState(tx, {
        providerType: method,
        method,
        codeChallenge: p.code_challenge,
        codeChallengeMethod: p.code_challenge_method,
        userId: user.row.id,
        now: ctx.now(),
      });
    }
    const target = redirectTarget(req, ctx.settings);
    if (p.type === 'signup') await ctx.mailer.sendConfirmation(tx, user.row, flow, target, req.baseUrl);
    else await ctx.mailer.sendEmailChange(tx, user.row, user.row.email_change!, flow, target, req.baseUrl);
  });
  return json({});
};
