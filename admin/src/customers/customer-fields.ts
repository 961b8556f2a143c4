import { formatINR } from 'shared/pricing/format';

const istDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A timestamp's IST calendar day as Indian readers write it ('26 Oct 2026'); '—' for none. */
export const formatISTDay = (iso: string | null | undefined): string =>
  iso ? istDay.format(new Date(iso)) : '—';

/** customers.total_spent (numeric: a JSON number or, from some servers, a string) in ₹. */
export const spent = (value: number | string | null | undefined): string => formatINR(Number(value ?? 0));

/**
 * PostgREST's `or` for a customer's contact messages: sent while signed in (user_id) or, before
 * they had an account or signed out, from their e-mail. The e-mail is quoted, as PostgREST wants
 * values holding its reserved characters; a double quote or backslash in it is escaped.
 */
export function messagesFilter(userId: string, email: string | null | undefined): string {
  const parts = [`user_id.eq.${userId}`];
  if (email) parts.push(`email.eq."${email.replace(/["\\]/g, (c) => `\\${c}`)}"`);
  return `(${parts.join(',')})`;
}
