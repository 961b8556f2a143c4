/**
 * POST /logout?scope=global|local|others (GoTrue's logout.go): ends the user's sessions (their
 * refresh tokens go with them), this one only, or all but this one. The access token itself stays
 * valid until it expires, as with GoTrue, but /user and refresh stop accepting it at once.
 */
import { endSessions, type Handler } from '../context.ts';
import { badRequest } from '../errors.ts';

export const logout: Handler = async (req, ctx) => {
  const { user, session } = await ctx.tokens.authenticate(req.headers.authorization);
  const scope = req.query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  await ctx.db.transaction(async (tx) => {
    if (session && scope === 'local') await tx.query('delete from auth.sessions where id = $1', [session.id]);
    else if (session && scope === 'others') await endSessions(tx, user.row.id, session.id);
    else await endSessions(tx, user.row.id);
  });
  return { status: 204 };
};
