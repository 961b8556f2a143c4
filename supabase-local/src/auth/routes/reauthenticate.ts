/**
 * GET /reauthenticate (GoTrue's reauthenticate.go), as auth-js's `auth.reauthenticate()` calls it:
 * mails the signed-in user a one-time code (the "nonce") that PUT /user takes with a new password
 * when secure_password_change asks for one (the session is older than 24 hours).
 */
import type { Queryable } from '../../db/types.ts';
import type { AuthContext, Handler } from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { json } from '../http.ts';
import { tokenHash } from '../mail.ts';
import { isConfirmed, updateUser, type UserRow } from '../users.ts';

/** GoTrue's InvalidNonceMessage */
const INVALID_NONCE = 'Nonce has expired or is invalid';

export const reauthenticate: Handler = async (req, ctx) => {
  const { user } = await ctx.tokens.authenticate(req.headers.authorization);
  const email = user.row.email ?? '';
  if (!email) {
    // no SMS provider locally: a user without an email cannot reauthenticate
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!isConfirmed(user.row)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await ctx.db.transaction((tx) => ctx.mailer.sendReauthentication(tx, user.row));
  return json({});
};

/**
 * GoTrue's verifyReauthentication: the nonce must match the code last mailed to the user and be
 * younger than otp_expiry; once used it is spent (ConfirmReauthentication clears it and the user's
 * other one-time tokens).
 */
export async function verifyReauthentication(
  q: Queryable,
  ctx: AuthContext,
  user: UserRow,
  nonce: string,
): Promise<void> {
  const sentAt = user.reauthentication_sent_at;
  if (!user.reauthentication_token || !sentAt)
    throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  const expired = ctx.now().getTime() > new Date(sentAt).getTime() + ctx.settings.otpExpiry * 1000;
  if (expired || tokenHash(user.email ?? '', nonce) !== user.reauthentication_token)
    throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  await updateUser(q, user.id, { reauthentication_token: '' }, ctx.now());
  await q.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
}
