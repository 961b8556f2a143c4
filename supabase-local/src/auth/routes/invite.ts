/**
 * POST /invite (GoTrue's invite.go), for the service_role key only (auth-js's
 * auth.admin.inviteUserByEmail): `{email, data?}`, redirect_to as a query parameter (or header), as
 * GoTrue reads it (a redirect_to in the JSON body is not read, as in GoTrue).
 *
 * A new address becomes an unconfirmed user without a password (app_metadata provider email,
 * user_metadata = data, an `email` identity {sub, email}); an address whose account is still
 * unconfirmed is invited again as it is (data not applied). Either way the "invite" mail goes out
 * (invited_at, confirmation_sent_at), whose link verifies with type=invite, confirms the address and
 * signs the person in, so they can set a password. A confirmed address is 422 email_exists. The
 * answer is the user.
 */
import { randomUUID } from 'node:crypto';
import { redirectTarget, validateEmail, type Handler } from '../context.ts';
import { unprocessable } from '../errors.ts';
import { json, readParams } from '../http.ts';
import { findUserByEmail, insertIdentity, insertUser, isConfirmed, reloadUser, userJson } from '../users.ts';
import { requireAdmin } from './admin.ts';

export const invite: Handler = async (req, ctx) => {
  await requireAdmin(req, ctx);
  const p = await readParams(req, 'InviteParams', { email: 'string', data: 'object?' });
  const email = validateEmail(p.email);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing && isConfirmed(existing.row)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const user = await ctx.db.transaction(async (tx) => {
    const t = ctx.now();
    let invited = existing;
    if (!invited) {
      const id = randomUUID();
      invited = await insertUser(tx, {
        id,
        email,
        encryptedPassword: '',
        userMetadata: p.data ?? {},
        appMetadata: { provider: 'email', providers: ['email'] },
        role: 'authenticated',
        now: t,
      });
      await insertIdentity(tx, {
        userId: id,
        provider: 'email',
        providerId: id,
        data: { sub: id, email, email_verified: false, phone_verified: false },
        now: t,
      });
    }
    await ctx.mailer.sendInvite(tx, invited.row, redirectTarget(req, ctx.settings), req.baseUrl);
    return reloadUser(tx, invited.row.id);
  });
  return json(userJson(user));
};
