/**
 * Sign-in with Google or GitHub without the internet (GoTrue's external.go, with the provider
 * replaced by supabase-local's local provider page):
 *
 *   GET /authorize?provider=google&redirect_to=…[&code_challenge=…&code_challenge_method=s256]
 *     → 302 /local-provider?provider=google&state=…          (instead of accounts.google.com)
 *   the tester picks an identity there
 *     → 302 /callback?code=…&state=…                          (as the provider would)
 *   GET /callback: user and identity created or linked, then
 *     → 302 redirect_to#access_token=…&refresh_token=…        (implicit flow)
 *     → 302 redirect_to?code=…                                (PKCE: POST /token?grant_type=pkce next)
 *
 * `state` is a short-lived JWT signed with the project secret carrying the provider, the
 * redirect target and the PKCE flow state's id (GoTrue's ExternalProviderClaims); the provider's
 * `code` is likewise a signed token holding the chosen identity.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';
import { confirmUser, grantParams, redirectTarget, type AuthContext, type Handler } from '../context.ts';
import { badRequest, forbidden, HttpError, OAuthError, unprocessable } from '../errors.ts';
import { redirect, type AuthRequest, type Reply } from '../http.ts';
import { signHs256 } from '../jwt.ts';
import { LOCAL_PROVIDERS, type LocalProvider } from '../options.ts';
import { createFlowState, validatePkceParams } from '../pkce.ts';
import {
  findIdentity,
  findUserById,
  findUserOwningEmail,
  insertIdentity,
  insertUser,
  isBanned,
  isConfirmed,
  mergeMetadata,
  refreshProviders,
  reloadUser,
  updateUser,
  type User,
} from '../users.ts';
import { goEncode, sessionFragment } from './verify.ts';
import { assertLocalProviderMayReach, providerIdentityData, type ChosenIdentity } from './local-provider.ts';

interface OAuthState {
  exp: number;
  provider: LocalProvider;
  referrer: string;
  flow_state_id: string;
  purpose: 'oauth_state';
}

export const authorize: Handler = async (req, ctx) => {
  const name = (req.query.get('provider') ?? '').toLowerCase();
  if (!(LOCAL_PROVIDERS as readonly string[]).includes(name)) {
    throw badRequest('validation_failed', `Unsupported provider: Provider ${name} could not be found`);
  }
  const provider = name as LocalProvider;
  // Without the local provider page (development surfaces off) there is nowhere to send the browser:
  // supabase-local never talks to the real Google or GitHub.
  if (!ctx.settings.providers[provider] || !ctx.localProvider)
    throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
  const referrer = redirectTarget(req, ctx.settings);
  const challenge = req.query.get('code_challenge') ?? '';
  const method = req.query.get('code_challenge_method') ?? '';
  validatePkceParams(method, challenge);
  let flowStateId = '';
  if (challenge) {
    const flow = await createFlowState(ctx.db, {
      providerType: provider,
      method: 'oauth',
      codeChallenge: challenge,
      codeChallengeMethod: method,
      userId: null,
      now: ctx.now(),
    });
    flowStateId = flow.id;
  }
  const state: OAuthState = {
    exp: Math.floor(ctx.now().getTime() / 1000) + 300,
    provider,
    referrer,
    flow_state_id: flowStateId,
    purpose: 'oauth_state',
  };
  const params = new URLSearchParams({
    provider,
    state: signHs256({ ...state }, ctx.settings.jwtSecret),
    redirect_uri: `${req.baseUrl}/callback`,
  });
  const scopes = req.query.get('scopes');
  if (scopes) params.set('scope', scopes);
  return redirect(`${req.baseUrl}/local-provider?${params}`);
};

async function readState(ctx: AuthContext, state: string | null): Promise<OAuthState> {
  if (!state) throw badRequest('bad_oauth_state', 'OAuth state parameter missing');
  try {
    const claims = await ctx.jwt.verifyInternal(state, Math.floor(ctx.now().getTime() / 1000));
    if (claims.purpose !== 'oauth_state') throw new Error('not an OAuth state');
    return claims as unknown as OAuthState;
  } catch (e) {
    throw badRequest('bad_oauth_state', `OAuth state parameter is invalid: ${(e as Error).message}`);
  }
}

export const callback: Handler = async (req, ctx) => {
  const q = req.method === 'POST' ? new URLSearchParams((await req.body()).toString('utf8')) : req.query;
  const state = await readState(ctx, q.get('state'));
  try {
    return await completeSignIn(req, ctx, q, state);
  } catch (e) {
    // GoTrue's redirectErrors: the error goes back to the app, in the query and the fragment
    const u = new URL(state.referrer);
    const fields: Record<string, string> = {};
    if (e instanceof OAuthError) Object.assign(fields, { error: e.error, error_description: e.description });
    else if (e instanceof HttpError) {
      const denied = [
        'signup_disabled',
        'user_banned',
        'provider_email_needs_verification',
        'email_exists',
      ].includes(e.code);
      const error = denied
        ? 'access_denied'
        : ((
            {
              400: 'invalid_request',
              401: 'unauthorized_client',
              403: 'access_denied',
              500: 'server_error',
              503: 'temporarily_unavailable',
            } as Record<number, string>
          )[e.status] ?? 'server_error');
      Object.assign(fields, { error, error_description: e.message, error_code: e.code });
    } else throw e;
    for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
    u.hash = '';
    return redirect(`${u.toString()}#${goEncode({ ...fields, sb: '' })}`);
  }
};

async function completeSignIn(
  req: AuthRequest,
  ctx: AuthContext,
  q: URLSearchParams,
  state: OAuthState,
): Promise<Reply> {
  const error = q.get('error');
  if (error) throw new OAuthError(error, q.get('error_description') ?? '');
  const code = q.get('code');
  if (!code)
    throw new OAuthError('invalid_request', 'OAuth callback with missing authorization code missing');
  let chosen: ChosenIdentity;
  try {
    const claims = await ctx.jwt.verifyInternal(code, Math.floor(ctx.now().getTime() / 1000));
    if (claims.purpose !== 'provider_code' || claims.provider !== state.provider)
      throw new Error('not a code for this provider');
    chosen = { email: String(claims.email ?? ''), name: String(claims.name ?? '') };
  } catch (e) {
    throw new OAuthError('server_error', `Error exchanging code for token: ${(e as Error).message}`);
  }
  const data = providerIdentityData(state.provider, chosen, req.baseUrl);
  const providerToken = `local_${state.provider}_${randomBytes(16).toString('hex')}`;

  const outcome = await ctx.db.transaction(async (tx) => {
    // the local provider vouches for nothing: never a password or staff account (local-provider.ts)
    await assertLocalProviderMayReach(tx, state.provider, chosen.email);
    const user = await accountFromExternalIdentity(tx, ctx, state.provider, data);
    if (state.flow_state_id) {
      const { rows } = await tx.query<{ auth_code: string; user_id: string | null }>(
        'select auth_code, user_id from auth.flow_state where id = $1 for update',
        [state.flow_state_id],
      );
      if (!rows[0]) throw new HttpError(404, 'flow_state_not_found', 'Flow state not found');
      if (rows[0].user_id) throw badRequest('flow_state_already_used', 'State has already been used');
      await tx.query(
        `update auth.flow_state set user_id = $2, provider_access_token = $3, auth_code_issued_at = $4, updated_at = $4 where id = $1`,
        [state.flow_state_id, user.row.id, providerToken, ctx.now().toISOString()],
      );
      return { kind: 'code' as const, code: rows[0].auth_code };
    }
    return {
      kind: 'session' as const,
      session: await ctx.tokens.issueSession(tx, user, 'oauth', grantParams(req)),
    };
  });
  if (outcome.kind === 'code') {
    const u = new URL(state.referrer);
    u.searchParams.set('code', outcome.code);
    return redirect(u.toString());
  }
  return redirect(sessionFragment(state.referrer, outcome.session, { provider_token: providerToken }));
}

/**
 * GoTrue's createAccountFromExternalIdentity with automatic linking: a known provider identity signs
 * its user in; a verified email that already has an account gets this identity linked to it;
 * otherwise a new user. The local provider always vouches for the email (email_verified: true),
 * which is why the callback first refuses accounts it may not reach (assertLocalProviderMayReach:
 * none with a password or an elevated role), so linking here only joins its own identities.
 */
async function accountFromExternalIdentity(
  q: Queryable,
  ctx: AuthContext,
  provider: LocalProvider,
  data: Record<string, unknown>,
): Promise<User> {
  const t = ctx.now();
  const sub = String(data.sub);
  const email = String(data.email ?? '').toLowerCase();
  let user: User;
  let identityId: string;
  const known = await findIdentity(q, provider, sub);
  if (known) {
    await q.query(
      'update auth.identities set identity_data = $2, last_sign_in_at = $3, updated_at = $3 where id = $1',
      [known.id, JSON.stringify({ ...data, email }), t.toISOString()],
    );
    user = (await findUserById(q, known.user_id))!;
    identityId = known.id;
    const row = await updateUser(
      q,
      user.row.id,
      { raw_user_meta_data: mergeMetadata(user.row.raw_user_meta_data, data) },
      t,
    );
    await refreshProviders(q, row, t);
  } else {
    const existing = email ? await findUserOwningEmail(q, email) : null;
    if (existing) {
      const identity = await insertIdentity(q, {
        userId: existing.row.id,
        provider,
        providerId: sub,
        data,
        now: t,
      });
      identityId = identity.id;
      const row = await updateUser(
        q,
        existing.row.id,
        { raw_user_meta_data: mergeMetadata(existing.row.raw_user_meta_data, data) },
        t,
      );
      await refreshProviders(q, row, t);
    } else {
      if (ctx.settings.disableSignup)
        throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      const created = await insertUser(q, {
        id: randomUUID(),
        email,
        encryptedPassword: '',
        userMetadata: data,
        appMetadata: { provider, providers: [provider] },
        role: 'authenticated',
        now: t,
      });
      const identity = await insertIdentity(q, {
        userId: created.row.id,
        provider,
        providerId: sub,
        data,
        now: t,
      });
      identityId = identity.id;
    }
    user = (await findUserById(q, (await findIdentity(q, provider, sub))!.user_id))!;
  }
  user = await reloadUser(q, user.row.id);
  if (isBanned(user.row, t)) throw forbidden('user_banned', 'User is banned');
  if (!isConfirmed(user.row)) {
    // GoTrue's RemoveUnconfirmedIdentities: an unconfirmed account taken over by a verified
    // provider identity loses its password and other identities (no pre-account takeover)
    let row = await updateUser(q, user.row.id, { encrypted_password: null }, t);
    const identity = await q.query<{ identity_data: Record<string, unknown> }>(
      'select identity_data from auth.identities where id = $1',
      [identityId],
    );
    row = await updateUser(q, row.id, { raw_user_meta_data: identity.rows[0]!.identity_data }, t);
    await q.query('delete from auth.identities where user_id = $1 and id <> $2', [row.id, identityId]);
    row = await refreshProviders(q, row, t);
    await confirmUser(q, row, t);
    user = await reloadUser(q, row.id);
  }
  return user;
}
