/**
 * Sessions, access tokens and refresh tokens as GoTrue keeps them (internal/tokens/service.go,
 * models/refresh_token.go, models/sessions.go), written to auth.sessions, auth.refresh_tokens and
 * auth.mfa_amr_claims.
 *
 * Refresh tokens are opaque 12-character strings (GoTrue's legacy format, the one its tables model);
 * every refresh revokes the presented token and issues a child (`parent` = the old token) in the
 * same session.
 *
 * Reuse of a revoked token, and why each case answers as it does:
 * - it is the parent of the session's active token: the client refreshed but never stored the
 *   answer (a crash, a closed tab). GoTrue hands back the active token instead of failing.
 * - it was revoked less than refresh_token_reuse_interval ago: concurrent refreshes from several
 *   tabs racing each other. Allowed: a new child is issued.
 * - otherwise someone replays an old token, which is what a stolen token looks like. The whole
 *   session is ended (its row deleted, so its refresh tokens and its access tokens stop working:
 *   /user then answers session_not_found), as GoTrue does for reuse of its current refresh tokens,
 *   and the request gets refresh_token_already_used.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { badRequest, forbidden, HttpError, internalError, OAuthError } from './errors.ts';
import { JwtError, type AuthJwt } from './jwt.ts';
import type { AuthSettings } from './options.ts';
import { findUserById, isBanned, NIL_UUID, updateUser, userJson, type User, type UserRow } from './users.ts';

/** How the session was established (GoTrue's AuthenticationMethod, the `amr` claim's method). */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'oauth'
  | 'magiclink'
  | 'email/signup'
  | 'recovery'
  | 'email_change'
  | 'invite'
  | 'anonymous';

export interface GrantParams {
  ip: string;
  userAgent: string;
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  aal: string | null;
  not_after: Date | null;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  created_at: Date;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  [extra: string]: unknown;
}

/** What requireAuthentication leaves for the handler. */
export interface Authenticated {
  claims: Record<string, unknown>;
  user: User;
  session: SessionRow | null;
}

/** GoTrue's crypto.SecureAlphanumeric(12): lowercase base32. */
function secureAlphanumeric(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! & 31];
  return out;
}

export function createTokenService(db: Db, settings: AuthSettings, jwt: AuthJwt, now: () => Date) {
  async function createRefreshToken(
    q: Queryable,
    userId: string,
    sessionId: string,
    parent: string | null,
    t: Date,
  ) {
    const token = secureAlphanumeric(12);
    await q.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, $3, false, $4, $4, $5, $6)`,
      [NIL_UUID, token, userId, t.toISOString(), parent, sessionId],
    );
    return token;
  }

  async function accessToken(
    q: Queryable,
    user: UserRow,
    sessionId: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const { rows } = await q.query<{ authentication_method: string; updated_at: Date }>(
      'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1',
      [sessionId],
    );
    const amr = rows
      .map((r) => ({
        method: r.authentication_method,
        timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000),
      }))
      .sort((a, b) => b.timestamp - a.timestamp);
    const iat = Math.floor(now().getTime() / 1000);
    const exp = iat + settings.jwtExpiry;
    // GoTrue's AccessTokenClaims, in its JSON order
    const claims = {
      iss: settings.jwtIssuer,
      sub: user.id,
      aud: user.aud ?? '',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role ?? '',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    };
    return { token: await jwt.signAccessToken(claims), expiresAt: exp };
  }

  function response(user: User, token: string, expiresAt: number, refreshToken: string): AccessTokenResponse {
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresAt - Math.floor(now().getTime() / 1000),
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  return {
    accessToken,

    /**
     * A new session for `user` (GoTrue's IssueRefreshToken): session row, first refresh token, the
     * amr claim, last_sign_in_at, and the access token. Run inside the caller's transaction.
     */
    async issueSession(
      q: Queryable,
      user: User,
      method: AuthMethod,
      grant: GrantParams,
    ): Promise<AccessTokenResponse> {
      const t = now();
      const sessionId = randomUUID();
      await q.query(
        `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
         values ($1, $2, $3, $3, 'aal1', $4, $5)`,
        [sessionId, user.row.id, t.toISOString(), grant.userAgent || null, grant.ip || null],
      );
      const refreshToken = await createRefreshToken(q, user.row.id, sessionId, null, t);
      const row = await updateUser(q, user.row.id, { last_sign_in_at: t }, t);
      await q.query(
        `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
         values ($1, $2, $3, $3, $4)
         on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = $3`,
        [randomUUID(), sessionId, t.toISOString(), method],
      );
      const signedIn = { row, identities: user.identities };
      const { token, expiresAt } = await accessToken(q, row, sessionId);
      return response(signedIn, token, expiresAt, refreshToken);
    },

    /** POST /token?grant_type=refresh_token (GoTrue's RefreshTokenGrant, legacy tokens). */
    async refresh(presented: string, grant: GrantParams): Promise<AccessTokenResponse> {
      if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
      let failure: HttpError | undefined;
      const result = await db.transaction(async (tx) => {
        const t = now();
        const { rows } = await tx.query<RefreshTokenRow>(
          'select id::text, token, user_id, revoked, created_at, updated_at, parent, session_id from auth.refresh_tokens where token = $1 for update',
          [presented],
        );
        const rt = rows[0];
        const user = rt ? await findUserById(tx, rt.user_id) : null;
        if (!rt || !user)
          throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        if (isBanned(user.row, t)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
        const session = rt.session_id
          ? (
              await tx.query<SessionRow>('select * from auth.sessions where id = $1 for update', [
                rt.session_id,
              ])
            ).rows[0]
          : undefined;
        if (!session) {
          await tx.query('delete from auth.refresh_tokens where id = $1', [rt.id]);
          throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
        }
        if (session.not_after && t >= new Date(session.not_after)) {
          throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
        }

        let issued = '';
        if (rt.revoked) {
          const active = (
            await tx.query<RefreshTokenRow>(
              'select token, parent from auth.refresh_tokens where session_id = $1 and revoked is false order by id desc limit 1',
              [session.id],
            )
          ).rows[0];
          if (active && active.parent === rt.token) {
            issued = active.token;
          } else if (
            t.getTime() >
            new Date(rt.updated_at).getTime() + settings.refreshTokenReuseInterval * 1000
          ) {
            if (settings.refreshTokenRotation)
              await tx.query('delete from auth.sessions where id = $1', [session.id]);
            failure = badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
            return null; // commit the session's end, then answer with the error
          }
        }
        if (!issued) {
          await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [
            rt.id,
            t.toISOString(),
          ]);
          issued = await createRefreshToken(tx, user.row.id, session.id, rt.token, t);
        }
        const { token, expiresAt } = await accessToken(tx, user.row, session.id);
        await tx.query(
          `update auth.sessions set refreshed_at = $2::timestamptz at time zone 'UTC', user_agent = $3, ip = $4, updated_at = $2 where id = $1`,
          [session.id, t.toISOString(), grant.userAgent || null, grant.ip || null],
        );
        return response(user, token, expiresAt, issued);
      });
      if (failure) throw failure;
      if (!result) throw internalError('refresh failed');
      return result;
    },

    /**
     * GoTrue's requireAuthentication: a valid bearer JWT whose user (and session, when it names
     * one) still exists.
     */
    async authenticate(authorization: string | undefined): Promise<Authenticated> {
      const m = /^(?:B|b)earer (\S+)$/.exec(authorization ?? '');
      if (!m) throw new HttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
      const claims = await verifyClaims(m[1]!);
      const sub = claims.sub;
      if (typeof sub !== 'string' || sub === '')
        throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
      if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(sub)) {
        throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
      }
      const user = await findUserById(db, sub);
      if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
      let session: SessionRow | null = null;
      const sid = claims.session_id;
      if (typeof sid === 'string' && sid !== '' && sid !== NIL_UUID) {
        if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sid)) {
          throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
        }
        session =
          (await db.query<SessionRow>('select * from auth.sessions where id = $1', [sid])).rows[0] ?? null;
        if (!session)
          throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      if (isBanned(user.row, now())) throw forbidden('user_banned', 'User is banned');
      return { claims, user, session };
    },

    /** Signature and time checks only (admin endpoints need nothing more). */
    verifyClaims,
  };

  async function verifyClaims(token: string): Promise<Record<string, unknown>> {
    try {
      return await jwt.verify(token, Math.floor(now().getTime() / 1000));
    } catch (e) {
      if (e instanceof JwtError)
        throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${e.message}`);
      throw e;
    }
  }
}

export type TokenService = ReturnType<typeof createTokenService>;
