/**
 * PKCE flows (GoTrue's pkce.go and models/flow_state.go): an auth.flow_state row holds the
 * client's code_challenge; the link or provider callback returns `?code=<auth_code>`, and
 * POST /token?grant_type=pkce exchanges code + code_verifier for a session.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import type { Flow } from './mail.ts';
import type { AuthMethod } from './tokens.ts';

export function flowOf(codeChallenge: string): Flow {
  return codeChallenge ? 'pkce' : 'implicit';
}

/** GoTrue's validatePKCEParams (plus the method check NewFlowState would fail on). */
export function validatePkceParams(method: string, challenge: string): void {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (!challenge) return;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  if (!['s256', 'plain'].includes(method.toLowerCase()))
    throw badRequest('validation_failed', 'Invalid code_challenge_method');
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: Date;
  authentication_method: string;
  auth_code_issued_at: Date | null;
}

export async function createFlowState(
  q: Queryable,
  f: {
    providerType: string;
    method: AuthMethod;
    codeChallenge: string;
    codeChallengeMethod: string;
    userId: string | null;
    now: Date;
  },
): Promise<FlowStateRow> {
  const { rows } = await q.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
                                  created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8) returning *`,
    [
      randomUUID(),
      f.userId,
      randomUUID(),
      f.codeChallengeMethod.toLowerCase(),
      f.codeChallenge,
      f.providerType,
      f.now.toISOString(),
      f.method,
    ],
  );
  return rows[0]!;
}

/** The auth code of the user's latest flow of this kind (GoTrue's issueAuthCode). */
export async function issueAuthCode(
  q: Queryable,
  userId: string,
  method: AuthMethod,
  now: Date,
): Promise<string> {
  const { rows } = await q.query<FlowStateRow>(
    `update auth.flow_state set auth_code_issued_at = $3, updated_at = $3
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                  order by created_at desc limit 1)
      returning *`,
    [userId, method, now.toISOString()],
  );
  if (!rows[0])
    throw badRequest(
      'flow_state_not_found',
      'No associated flow state found. No valid flow state found for user.',
    );
  return rows[0].auth_code;
}

export function verifyPkce(flow: FlowStateRow, verifier: string): boolean {
  const expected =
    flow.code_challenge_method === 'plain'
      ? verifier
      : createHash('sha256').update(verifier).digest('base64url');
  const a = Buffer.from(flow.code_challenge);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Looks up and checks a PKCE flow for the token grant; the caller deletes it with the session issued. */
export async function takeFlowState(
  q: Queryable,
  authCode: string,
  verifier: string,
  expirySeconds: number,
  now: Date,
): Promise<FlowStateRow> {
  const { rows } = await q.query<FlowStateRow>(
    'select * from auth.flow_state where auth_code = $1 for update',
    [authCode],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id)
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const from =
    flow.authentication_method === 'magiclink' && flow.auth_code_issued_at
      ? flow.auth_code_issued_at
      : flow.created_at;
  if (now.getTime() > new Date(from).getTime() + expirySeconds * 1000) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!verifyPkce(flow, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  return flow;
}
