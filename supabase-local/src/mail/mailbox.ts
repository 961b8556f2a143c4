/**
 * The local mailbox: every message the SMTP listener (smtp.ts) receives is a row in
 * supabase_local.auth_mailbox, one per envelope recipient (as Inbucket keeps one copy per mailbox).
 * Auth's own mail carries its metadata (kind, code, token hash, link) in X-Supabase-Local-* headers
 * that only the local transport adds (transport.ts), so tests read it without parsing bodies.
 * Listed at GET /auth/v1/mailbox (page.ts) and GET /auth/v1/mailbox/messages.json (`?to=`, newest first).
 */
import type { Db, Queryable } from '../db/types.ts';

export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite' | 'reauthentication';

/** Auth's metadata for one message (null fields for a message from anyone else). */
export interface MailMeta {
  kind: MailKind | null;
  actionUrl: string | null;
  otp: string | null;
  tokenHash: string | null;
  redirectTo: string | null;
  userId: string | null;
}

export interface Mail extends MailMeta {
  recipient: string;
  subject: string;
  html: string;
  text: string;
  sender?: string | null;
  messageId?: string | null;
  date?: Date | null;
  size?: number | null;
  headerLines?: string[];
}

export interface StoredMail {
  id: number;
  sent_at: string;
  to: string;
  from: string | null;
  subject: string;
  kind: MailKind | null;
  action_url: string | null;
  otp: string | null;
  token_hash: string | null;
  redirect_to: string | null;
  user_id: string | null;
  html: string;
  text: string;
  message_id: string | null;
  /** the Date header */
  date: string | null;
  /** the raw message's size in bytes, as received over SMTP */
  size: number | null;
}

export interface StoredMailWithHeaders extends StoredMail {
  header_lines: string[];
}

export async function storeMail(q: Queryable, m: Mail, sentAt: Date): Promise<void> {
  await q.query(
    `insert into supabase_local.auth_mailbox
       (sent_at, recipient, subject, kind, html, body_text, action_url, otp, token_hash, redirect_to, user_id,
        sender, message_id, message_date, raw_size, header_lines)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb)`,
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
      m.sender ?? null,
      m.messageId ?? null,
      m.date && Number.isFinite(m.date.getTime()) ? m.date.toISOString() : null,
      m.size ?? null,
      JSON.stringify(m.headerLines ?? []),
    ],
  );
}

/**
 * Writes the listener has accepted (250) but not yet stored, per database. The listener answers
 * before its insert commits: on PGlite (one connection) Auth sends inside its transaction, so an
 * insert awaited before the 250 would wait for that transaction, which waits for the 250. Readers
 * wait for these first, so a message acknowledged before a read is always in it.
 */
const pendingWrites = new WeakMap<Db, Set<Promise<void>>>();

export function trackWrite(db: Db, write: Promise<void>): void {
  let set = pendingWrites.get(db);
  if (!set) pendingWrites.set(db, (set = new Set()));
  const p = write.finally(() => set.delete(p));
  set.add(p);
}

export async function writesSettled(db: Db): Promise<void> {
  const set = pendingWrites.get(db);
  if (set?.size) await Promise.allSettled([...set]);
}

const COLUMNS = `id::int as id, sent_at, recipient, sender, subject, kind, html, body_text, action_url, otp,
  token_hash, redirect_to, user_id::text as user_id, message_id, message_date, raw_size`;

function toStored(r: Record<string, unknown>): StoredMail {
  return {
    id: r.id as number,
    sent_at: new Date(r.sent_at as Date).toISOString(),
    to: r.recipient as string,
    from: r.sender as string | null,
    subject: r.subject as string,
    kind: r.kind as MailKind | null,
    action_url: r.action_url as string | null,
    otp: r.otp as string | null,
    token_hash: r.token_hash as string | null,
    redirect_to: r.redirect_to as string | null,
    user_id: r.user_id as string | null,
    html: r.html as string,
    text: r.body_text as string,
    message_id: r.message_id as string | null,
    date: r.message_date ? new Date(r.message_date as Date).toISOString() : null,
    size: r.raw_size as number | null,
  };
}

export async function listMail(
  db: Db,
  opts: { to?: string | null; limit?: number } = {},
): Promise<StoredMail[]> {
  await writesSettled(db);
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 100), 1), 1000);
  const { rows } = await db.query<Record<string, unknown>>(
    `select ${COLUMNS}
       from supabase_local.auth_mailbox
      where $1::text is null or lower(recipient) = lower($1)
      order by id desc limit ${limit}`,
    [opts.to ?? null],
  );
  return rows.map(toStored);
}

export async function getMail(db: Db, id: number): Promise<StoredMailWithHeaders | null> {
  await writesSettled(db);
  const { rows } = await db.query<Record<string, unknown>>(
    `select ${COLUMNS}, header_lines from supabase_local.auth_mailbox where id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  const lines = typeof r.header_lines === 'string' ? JSON.parse(r.header_lines) : r.header_lines;
  return { ...toStored(r), header_lines: Array.isArray(lines) ? (lines as string[]) : [] };
}

export async function clearMail(db: Db): Promise<void> {
  await writesSettled(db);
  await db.query('delete from supabase_local.auth_mailbox');
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
