/**
 * The local mailbox under /auth/v1 (../../mail/): GET /mailbox (the list page), GET /mailbox/:id (one
 * message), GET /mailbox/messages.json (`?to=`, `?limit=`), DELETE /mailbox/messages (tests start
 * clean). No key needed: the pages are opened from a browser, as `supabase start`'s Inbucket is; it
 * only ever holds local mail, and answers only with the development surfaces on (server.ts).
 */
import type { Handler } from '../context.ts';
import { html, json } from '../http.ts';
import { clearMail, getMail, listMail } from '../../mail/mailbox.ts';
import { MAILBOX_CSP, mailboxListPage, mailboxMessagePage } from '../../mail/page.ts';

export const mailboxHtml: Handler = async (req, ctx) => {
  const to = req.query.get('to');
  return html(mailboxListPage(await listMail(ctx.db, { to, limit: 200 }), to, req.baseUrl));
};

export const mailboxMessage: Handler = async (req, ctx) => {
  const id = Number(req.params.id);
  const m = Number.isSafeInteger(id) ? await getMail(ctx.db, id) : null;
  if (!m) return html('<!doctype html><title>Not found</title><p>No such message.</p>', 404);
  const page = html(mailboxMessagePage(m, req.baseUrl));
  return { ...page, headers: { ...page.headers, 'Content-Security-Policy': MAILBOX_CSP } };
};

export const mailboxJson: Handler = async (req, ctx) => {
  const limit = Number(req.query.get('limit') ?? 100);
  const messages = await listMail(ctx.db, {
    to: req.query.get('to'),
    limit: Number.isFinite(limit) ? limit : 100,
  });
  return json({ messages }, 200, { 'Cache-Control': 'no-store' });
};

export const mailboxClear: Handler = async (_req, ctx) => {
  await clearMail(ctx.db);
  return { status: 204 };
};
