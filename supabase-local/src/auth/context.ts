/**
 * What every handler gets (the database, settings, token service, mailer, limits, clock) and the
 * small rules several endpoints share: email validation, confirming a user, the redirect target.
 */
import type { Db, Queryable } from '../db/types.ts';
import { badRequest } from './errors.ts';
import type { AuthRequest, Reply } from './http.ts';
import type { AuthJwt } from './jwt.ts';
import type { Mailer } from './mail.ts';
import type { AuthSettings } from './options.ts';
import type { Limiter } from './rate-limit.ts';
import { referrer } from './redirect.ts';
import type { GrantParams, TokenService } from './tokens.ts';
import { mergeMetadata, updateUser, type UserRow } from './users.ts';

export interface AuthContext {
  db: Db;
  settings: AuthSettings;
  tokens: TokenService;
  /** signs user tokens and verifies any (the project's keys) */
  jwt: AuthJwt;
  mailer: Mailer;
  limiter: Limiter;
  now: () => Date;
  log: (message: string) => void;
  /** the local provider page stands in for Google and GitHub (development surfaces on) */
  localProvider: boolean;
}

export type Handler = (req: AuthRequest, ctx: AuthContext) => Promise<Reply>;

// checkmail.ValidateFormat's pattern, as GoTrue uses it
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 characters, well-formed; returns it lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function grantParams(req: AuthRequest): GrantParams {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : '' };
}

/** Where to send the browser afterwards: redirect_to (query or header), the Referer, else site_url. */
export function redirectTarget(req: AuthRequest, settings: AuthSettings): string {
  const header = req.headers['redirect_to'];
  const asked = (typeof header === 'string' && header) || req.query.get('redirect_to');
  if (asked) {
    const r = referrer(settings, asked);
    if (r !== settings.siteUrl || asked === settings.siteUrl) return r;
  }
  const ref = req.headers.referer;
  return referrer(settings, typeof ref === 'string' ? ref : undefined);
}

/** GoTrue's User.Confirm: confirmed now, user_metadata.email_verified, one-time tokens gone. */
export async function confirmUser(q: Queryable, user: UserRow, now: Date): Promise<UserRow> {
  const row = await updateUser(
    q,
    user.id,
    {
      confirmation_token: '',
      email_confirmed_at: now,
      raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
    },
    now,
  );
  await q.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  return row;
}

/** Ends sessions: all of the user's, one, or all but one (GoTrue's Logout, LogoutSession, LogoutAllExceptMe). */
export async function endSessions(
  q: Queryable,
  userId: string,
  keepSessionId?: string | null,
): Promise<void> {
  if (keepSessionId)
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
  else await q.query('delete from auth.sessions where user_id = $1', [userId]);
}
