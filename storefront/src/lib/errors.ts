/**
 * The storefront's one error mapper: every failure (PostgREST, GoTrue, Edge Functions, the network)
 * becomes an AppError with a stable code to branch on and a message for people. Raw database text
 * never reaches the user; the store's own functions raise messages written for the shopper, and
 * those are shown as they are.
 */
export interface AppError extends Error {
  code: AppErrorCode;
  userMessage: string;
  /** The store function's reason (PostgREST `details`: 'out_of_stock', 'in_stock'…), when it gave one. */
  detail?: string;
  /**
   * The cart line a refusal is about: place_order's out_of_stock, insufficient_stock,
   * product_unavailable and item_not_deliverable name the variant in their hint.
   */
  variantId?: number;
}

/** place_order's refusals whose hint is a variant id. */
const VARIANT_HINTS = new Set([
  'out_of_stock',
  'insufficient_stock',
  'product_unavailable',
  'item_not_deliverable',
]);

export type AppErrorCode =
  /** the schema is not migrated yet (PGRST205 / 42P01) */
  | 'missing-table'
  | 'network'
  /** PT429 from the store's rate limits, or GoTrue's 429 */
  | 'rate-limited'
  /** P0001: a store rule refused the request, with the shopper's words */
  | 'refused'
  /** 42501: not signed in, the session expired, or not allowed */
  | 'not-allowed'
  /** GoTrue refused the sign-in, sign-up or mail */
  | 'auth'
  | 'unknown';

export const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.';
export const NETWORK_MESSAGE = 'We could not reach the store. Check your connection and try again.';
// The store's rate limits (track_order, preview_promo) raise PT429, which PostgREST answers 429.
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
export const SIGN_IN_MESSAGE = 'Please login to continue.';

// PGRST205: PostgREST does not know the table; 42P01: Postgres has no such relation. Both mean the
// schema has not been migrated yet, which a fresh local database can be.
const MISSING_TABLE_CODES = new Set(['PGRST205', '42P01']);

// GoTrue's error codes (ErrorCode in @supabase/auth-js) that a shopper can act on. Wrong credentials
// (`invalid_credentials`) deliberately get the caller's fallback, the spec's 'Login failed…'.
const AUTH_MESSAGES: Record<string, string> = {
  user_already_exists: 'An account with this email already exists. Please log in instead.',
  email_exists: 'An account with this email already exists. Please log in instead.',
  weak_password: 'Please choose a stronger password (at least 8 characters).',
  over_request_rate_limit: RATE_LIMITED_MESSAGE,
  over_email_send_rate_limit: 'Too many emails were sent. Please wait a minute and try again.',
  email_not_confirmed: 'Please confirm your email address first: check your inbox.',
  signup_disabled: 'New sign-ups are closed at the moment.',
  email_address_invalid: 'Please enter a valid email address.',
};

/** What the mapper reads of any thrown value: PostgrestError, AuthError, FunctionsError or a TypeError. */
interface ErrorFields {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
  status?: unknown;
  name?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Maps any failure to an AppError. `fallback` is the message for what the mapper cannot name (the
 * caller's words, such as 'Login failed. Please check your credentials and try again.').
 */
export function toAppError(error: unknown, fallback = GENERIC_MESSAGE): AppError {
  if (isAppError(error)) return error;
  const e: ErrorFields = typeof error === 'object' && error !== null ? error : {};
  const code = text(e.code);
  const message = text(e.message);
  const [appCode, userMessage] = classify(code, message, e, fallback);
  const detail = code === 'P0001' || code === '42501' ? text(e.details) : '';
  const hint = text(e.hint);
  return Object.assign(new Error(message || 'Unknown error'), {
    name: 'AppError',
    code: appCode,
    userMessage,
    cause: error,
    ...(detail && { detail }),
    ...(VARIANT_HINTS.has(detail) && /^\d+$/.test(hint) && { variantId: Number(hint) }),
  });
}

function classify(code: string, message: string, e: ErrorFields, fallback: string): [AppErrorCode, string] {
  if (MISSING_TABLE_CODES.has(code)) return ['missing-table', GENERIC_MESSAGE];
  if (code === 'PT429') return ['rate-limited', RATE_LIMITED_MESSAGE];
  if (code === 'P0001' && message) return ['refused', message];
  // The store's functions raise 42501 with a detail key and a message for the shopper ('Please login
  // to continue.'); Postgres's own 'permission denied for table …' has no detail and is not shown.
  if (code === '42501') return ['not-allowed', text(e.details) && message ? message : SIGN_IN_MESSAGE];
  if (AUTH_MESSAGES[code]) {
    return [code.startsWith('over_') ? 'rate-limited' : 'auth', AUTH_MESSAGES[code]];
  }
  if (e.status === 429) return ['rate-limited', RATE_LIMITED_MESSAGE];
  if (/failed to fetch|fetch failed|network/i.test(message) || text(e.name) === 'AuthRetryableFetchError') {
    return ['network', NETWORK_MESSAGE];
  }
  if (code === 'invalid_credentials' || text(e.name).startsWith('Auth')) return ['auth', fallback];
  return ['unknown', fallback];
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === 'AppError';
}
