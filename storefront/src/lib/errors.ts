/** What the UI may show about a failure: a stable code to branch on and a message for people. */
export interface AppError extends Error {
  code: AppErrorCode;
  userMessage: string;
}

export type AppErrorCode = 'missing-table' | 'network' | 'rate-limited' | 'unknown';

interface PostgrestLikeError {
  code?: string;
  message?: string;
}

// PGRST205: PostgREST does not know the table; 42P01: Postgres has no such relation. Both mean the
// schema has not been migrated yet, which a fresh local database can be.
const MISSING_TABLE_CODES = new Set(['PGRST205', '42P01']);

// The store's rate limits (track_order, preview_promo) raise PT429, which PostgREST answers 429.
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** Maps a supabase-js error to an AppError; raw database messages never reach the user. */
export function toAppError(error: PostgrestLikeError): AppError {
  const code: AppErrorCode = MISSING_TABLE_CODES.has(error.code ?? '')
    ? 'missing-table'
    : error.code === 'PT429'
      ? 'rate-limited'
      : /fetch|network/i.test(error.message ?? '')
        ? 'network'
        : 'unknown';
  const userMessage =
    code === 'network'
      ? 'We could not reach the store. Check your connection and try again.'
      : code === 'rate-limited'
        ? RATE_LIMITED_MESSAGE
        : 'Something went wrong on our side. Please try again.';
  return Object.assign(new Error(error.message ?? 'Unknown error'), { name: 'AppError', code, userMessage });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === 'AppError';
}

interface AuthLikeError {
  code?: string;
  status?: number;
  message?: string;
}

// GoTrue's error codes (ErrorCode in @supabase/auth-js) that a shopper can act on.
const AUTH_MESSAGES: Record<string, string> = {
  user_already_exists: 'An account with this email already exists. Please log in instead.',
  email_exists: 'An account with this email already exists. Please log in instead.',
  weak_password: 'Please choose a stronger password (at least 8 characters).',
  over_request_rate_limit: 'Too many attempts. Please wait a minute and try again.',
  over_email_send_rate_limit: 'Too many emails were sent. Please wait a minute and try again.',
  email_not_confirmed: 'Please confirm your email address first: check your inbox.',
  signup_disabled: 'New sign-ups are closed at the moment.',
  email_address_invalid: 'Please enter a valid email address.',
};

/**
 * The message for a failed Auth call: a known GoTrue code gets its own words; wrong credentials and
 * anything unexpected get the spec's fallback (for example 'Login failed. Please check your
 * credentials and try again.'). Raw server text never reaches the user.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  const e = (error ?? {}) as AuthLikeError;
  if (e.code && AUTH_MESSAGES[e.code]) return AUTH_MESSAGES[e.code]!;
  if (e.status === 429) return AUTH_MESSAGES.over_request_rate_limit!;
  if (/failed to fetch|network/i.test(e.message ?? '')) {
    return 'We could not reach the store. Check your connection and try again.';
  }
  return fallback;
}
