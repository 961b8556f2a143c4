/**
 * The local mailbox: messages Auth "sends" are rows in supabase_local.auth_mailbox, listed at
 * GET /auth/v1/mailbox (a page with working links) and GET /auth/v1/mailbox/messages.json
 * (`?to=<address>` filters; newest first) for tests.
 */
import type { Queryable } from '../db/types.ts';

export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite' | 'reauthentication';

export interface Mail {
  recipient: string;
  subject: string;
  kind: MailKind;
  html: string;
  text: string;
  actionUrl: string | null;
  otp: string | null;
  tokenHash: string | null;
  redirectTo: string | null;
  userId: string | null;
}

export interface StoredMail {
  id: number;
  sent_at: string;
  to: string;
  subject: string;
  kind: MailKind;
  action_url: string | null;
  otp: string | null;
  token_hash: string | null;
  redirect_to: string | null;
  user_id: string | null;
  html: string;
  text: string;
}

export async function storeMail(q: Queryable, m: Mail, sentAt: Date): Promise<void> {
  await q.query(
    `insert into supabase_local.auth_mailbox
       (sent_at, recipient, subject, kind, html, body_text, action_url, otp, token_hash, redirect_to, user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      sentAt.toISOString(),
      m.recipient,
      m.subject,
      m.kind,
      m.html,
      m.text,
      m.actionUrl,
      m.otp,
      m.tokenHash,
      m.redirectTo,
      m.userId,
    ],
  );
}

export async function listMail(
  q: Queryable,
  opts: { to?: string | null; limit?: number } = {},
): Promise<StoredMail[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 1000);
  const { rows } = await q.query<Record<string, unknown>>(
    `select id::int as id, sent_at, recipient, subject, kind, html, body_text, action_url, otp, token_hash, redirect_to, user_id::text as user_id
       from supabase_local.auth_mailbox
      where $1::text is null or lower(recipient) = lower($1)
      order by id desc limit ${limit}`,
    [opts.to ?? null],
  );
  return rows.map((r) => ({
    id: r.id as number,
    sent_at: new Date(r.sent_at as Date).toISOString(),
    to: r.recipient as string,
    subject: r.subject as string,
    kind: r.kind as MailKind,
    action_url: r.action_url as string | null,
    otp: r.otp as string | null,
    token_hash: r.token_hash as string | null,
    redirect_to: r.redirect_to as string | null,
    user_id: r.user_id as string | null,
    html: r.html as string,
    text: r.body_text as string,
  }));
}

export async function clearMail(q: Queryable): Promise<void> {
  await q.query('delete from supabase_local.auth_mailbox');
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mailbox page: every message with its subject, recipient, time, body and link. */
export function mailboxPage(messages: StoredMail[], to: string | null, baseUrl: string): string {
  const base = escapeHtml(baseUrl);
  const items = messages
    .map(
      (m) => `<article class="mail">
  <header><strong>${escapeHtml(m.subject)}</strong>
    <span>to <a href="${base}/mailbox?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · ${escapeHtml(m.sent_at)} · ${escapeHtml(m.kind)}</span></header>
  <div class="body">${m.html}</div>
  ${m.action_url ? `<p class="link"><a href="${escapeHtml(m.action_url)}">${escapeHtml(m.action_url)}</a></p>` : ''}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · supabase-local</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1c1c1c; }
  .note { background: #fff4d6; border: 1px solid #e0b000; padding: .5rem .75rem; border-radius: 6px; }
  .mail { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: .75rem 1rem; }
  .mail header { display: flex; flex-direction: column; }
  .mail header span { color: #555; font-size: 13px; }
  .link { word-break: break-all; font-size: 13px; }
  a { color: #0645ad; }
</style></head>
<body>
<h1>Mailbox</h1>
<p class="note">Local mailbox of supabase-local: mail that Supabase Auth would send (sign-up confirmation,
password reset, magic link, email change, reauthentication code) is kept here instead of being delivered.
${to ? `Showing mail to <strong>${escapeHtml(to)}</strong> · <a href="${base}/mailbox">all mail</a>` : ''}
· <a href="${base}/mailbox/messages.json${to ? `?to=${encodeURIComponent(to)}` : ''}">JSON</a></p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
