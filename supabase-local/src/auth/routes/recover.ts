/**
 * POST /recover (GoTrue's recover.go): a password-reset link to the mailbox. The answer is `{}`
 * whether or not the address has an account, so the endpoint does not reveal which addresses
 * exist.
 */
import { redirectTarget, validateEmail, type Handler } from '../context.ts';
import { badRequest } from '../errors.ts';
import { json, readParams } from '../http.ts';
import { createFlowState, flowOf, validatePkceParams } from '../pkce.ts';
import { findUserByEmail } from '../users.ts';

export const recover: Handler = async (req, ctx) => {
  ctx.limiter.check('recover', req.ip);
  if (!ctx.settings.emailEnabled) throw badRequest('email_provider_disabled', 'Email logins are disabled');
  const p = await readParams(req, 'RecoverParams', {
    email: 'string',
    code_challenge: 'string',
    code_challenge_method: 'string',
  });
  if (!p.email) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(p.email);
  validatePkceParams(p.code_challenge_method, p.code_challenge);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return json({});
  const flow = flowOf(p.code_challenge);
  await ctx.db.transaction(async (tx) => {
    if (flow === 'pkce') {
      await createFlowState(tx, {
        providerType: 'recovery',
        method: 'recovery',
        codeChallenge: p.code_challenge,
        codeChallengeMethod: p.code_challenge_method,
        userId: user.row.id,
        now: ctx.now(),
      });
    }
    await ctx.mailer.sendRecovery(
      tx,
      user.row,
      'recovery',
      flow,
      redirectTarget(req, ctx.settings),
      req.baseUrl,
    );
  });
  return json({});
};
