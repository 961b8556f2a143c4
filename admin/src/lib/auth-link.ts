import { authLinkErrorIn } from 'shared/auth/link-error';

/**
 * What a failed Auth link says, for the admin's set-password page to show: its description, else
 * its code (shared/src/auth/link-error.ts reads the URL), or null when the link did not fail.
 */
export function linkErrorIn(url: string): string | null {
  const e = authLinkErrorIn(url);
  return e && (e.description ?? e.code ?? e.error);
}
