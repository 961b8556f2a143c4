/** What the UI may show about a failure: a stable code to branch on and a message for people. */
export interface AppError extends Error {
  code: AppErrorCode;
  userMessage: string;
}

export type AppErrorCode = 'missing-table' | 'network' | 'unknown';

interface PostgrestLikeError {
  code?: string;
  message?: string;
}

// PGRST205: PostgREST does not know the table; 42P01: Postgres has no such relation. Both mean the
// schema has not been migrated yet, which a fresh local database can be.
const MISSING_TABLE_CODES = new Set(['PGRST205', '42P01']);

/** Maps a supabase-js error to an AppError; raw database messages never reach the user. */
export function toAppError(error: PostgrestLikeError): AppError {
  const code: AppErrorCode = MISSING_TABLE_CODES.has(error.code ?? '')
    ? 'missing-table'
    : /fetch|network/i.test(error.message ?? '')
      ? 'network'
      : 'unknown';
  const userMessage =
    code === 'network'
      ? 'We could not reach the store. Check your connection and try again.'
      : 'Something went wrong on our side. Please try again.';
  return Object.assign(new Error(error.message ?? 'Unknown error'), { name: 'AppError', code, userMessage });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === 'AppError';
}
