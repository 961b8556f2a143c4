/**
 * GoTrue's errors: a closed set of codes (internal/api/apierrors/errorcode.go, the part we use), the
 * three error kinds GoTrue answers with, and the one function that turns any thrown value into an
 * answer in the shape the caller asked for.
 *
 * Shapes (what auth-js's handleError reads to raise AuthApiError with `.code`):
 * - `X-Supabase-Api-Version: 2024-01-01` (or later; auth-js always sends it): `{ code, message }`,
 *   and the answer echoes the header.
 * - no version header (older clients, curl): `{ code: <status>, error_code, msg }`.
 * - OAuth-style errors (refresh grant without a token): `{ error, error_description }` either way.
 * Weak passwords add `weak_password: { reasons }` to both.
 */
import type { Reply } from './reply.ts';

export type ErrorCode =
  | 'unknown'
  | 'unexpected_failure'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'phone_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'session_expired'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'flow_state_already_used'
  | 'signup_disabled'
  | 'user_banned'
  | 'provider_email_needs_verification'
  | 'bad_oauth_state'
  | 'bad_oauth_callback'
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'email_not_confirmed'
  | 'phone_not_confirmed'
  | 'user_already_exists'
  | 'same_password'
  | 'otp_expired'
  | 'otp_disabled'
  | 'weak_password'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'bad_code_verifier'
  | 'invalid_credentials'
  | 'email_address_invalid'
  | 'request_entity_too_large'
  | 'conflict'
  | 'anonymous_provider_disabled'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid';

/** An error GoTrue answers with its HTTP status, code and message (apierrors.HTTPError). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** logged, never sent */
    readonly internal?: unknown,
  ) {
    super(message);
  }
}

/** 422 weak_password with the reasons (`length`, `characters`). */
export class WeakPasswordError extends HttpError {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(422, 'weak_password', message);
  }
}

/** An OAuth2-style error (apierrors.OAuthError): always 400 `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

export const badRequest = (code: ErrorCode, message: string) => new HttpError(400, code, message);
export const forbidden = (code: ErrorCode, message: string) => new HttpError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
export const unprocessable = (code: ErrorCode, message: string) => new HttpError(422, code, message);
export const tooManyRequests = (code: ErrorCode, message: string) => new HttpError(429, code, message);
export const internalError = (message: string, cause?: unknown) =>
  new HttpError(500, 'unexpected_failure', message, cause);

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/**
 * The API version the request asked for, as GoTrue's DetermineClosestAPIVersion: '2024-01-01' for
 * that date or later, null for none (or an unparseable one, which GoTrue treats as the initial version).
 */
export function requestApiVersion(header: string | undefined): '2024-01-01' | null {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return null;
  const t = Date.parse(`${header}T00:00:00Z`);
  return Number.isFinite(t) && t >= Date.parse('2024-01-01T00:00:00Z') ? '2024-01-01' : null;
}

/** The one place errors become answers (GoTrue's HandleResponseError). */
export function handleError(e: unknown, apiVersion: '2024-01-01' | null, log: (msg: string) => void): Reply {
  const headers: Record<string, string> = {};
  if (apiVersion) headers[API_VERSION_HEADER] = apiVersion;
  if (e instanceof OAuthError) {
    return { status: 400, headers, body: { error: e.error, error_description: e.description } };
  }
  let err: HttpError;
  if (e instanceof HttpError) {
    err = e;
    if (e.status >= 500)
      log(`${e.message}: ${String((e.internal as Error | undefined)?.stack ?? e.internal ?? '')}`);
  } else {
    log(`unhandled: ${String((e as Error)?.stack ?? e)}`);
    err = internalError('Unexpected failure, please check server logs for more information');
  }
  headers['x-sb-error-code'] = err.code;
  const body: Record<string, unknown> = apiVersion
    ? { code: err.code, message: err.message }
    : { code: err.status, error_code: err.code, msg: err.message };
  if (err instanceof WeakPasswordError) body.weak_password = { reasons: err.reasons };
  return { status: err.status, headers, body };
}
